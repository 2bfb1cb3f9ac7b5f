// Variant values: a game or preset name, or a rules table, to engine Rules
// and back. Which values a field may take is the engine's (variant.hpp); this
// file reads what a caller wrote and says which field was wrong.
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "bindings/common/args.hpp"
#include "bindings/common/errors.hpp"
#include "bindings/register.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "schnapsen/variant.hpp"

namespace trumpf::bindings::schnapsen {

namespace {

[[noreturn]] void bad_field(const std::string& field, const std::string& why) {
  refuse("bad_variant", "bad variant field " + field + ": " + why);
}

std::string names_list() {
  std::string out = "'schnapsen', 'sixtysix'";
  for (const ts::Preset& p : ts::kPresets) out += std::string(", '") + p.name + "'";
  return out;
}

// A value of the base game's table that a caller may restate but not change:
// it must equal the base's own, type and all.
void check_fixed(const std::string& field, py::handle given, py::handle expected) {
  bool same = false;
  long long a = 0, b = 0;
  std::string x, y;
  if (PyBool_Check(expected.ptr()))
    same = PyBool_Check(given.ptr()) && given.ptr() == expected.ptr();
  else if (exact_int(expected, LLONG_MIN, LLONG_MAX, &b))
    same = exact_int(given, LLONG_MIN, LLONG_MAX, &a) && a == b;
  else if (text_of(expected, &y))
    same = text_of(given, &x) && x == y;
  if (!same)
    bad_field(field, "only the house rules can change; this variant's " + field + " is " +
                         repr_text(expected) + ", not " + repr_text(given));
}

void set_house_rule(ts::Rules& r, const std::string& field, py::handle value) {
  long long n = 0;
  std::string text;
  if (field == "exchange_min_stock" || field == "close_min_stock") {
    const long long stock = ts::stock_of(r.base);
    if (!exact_int(value, 1, stock, &n))
      bad_field(field, "an int from 1 to " + std::to_string(stock) + ", not " + repr_text(value));
    (field == "exchange_min_stock" ? r.exchange_min_stock : r.close_min_stock) = std::uint8_t(n);
  } else if (field == "marriage_by_lead") {
    if (!PyBool_Check(value.ptr())) bad_field(field, "True or False, not " + repr_text(value));
    r.marriage_by_lead = value.ptr() == Py_True;
  } else if (field == "failed_close_pays") {
    if (!text_of(value, &text) || (text != ts::kClosePayNames[0] && text != ts::kClosePayNames[1]))
      bad_field(field, "'reference' or 'closer_value', not " + repr_text(value));
    r.failed_close_pays =
        text == ts::kClosePayNames[1] ? ts::ClosePay::kCloserValue : ts::ClosePay::kReference;
  }
}

bool is_house_rule(const std::string& field) {
  return field == "exchange_min_stock" || field == "close_min_stock" ||
         field == "marriage_by_lead" || field == "failed_close_pays";
}

ts::Rules rules_from_dict(py::handle given) {
  // Read by value: the dict's own entries, each held before anything else
  // runs, so a subclass's methods and the caller's later changes play no part.
  std::vector<std::pair<py::object, py::object>> items;
  PyObject *key = nullptr, *value = nullptr;
  Py_ssize_t pos = 0;
  while (PyDict_Next(given.ptr(), &pos, &key, &value))
    items.emplace_back(py::reinterpret_borrow<py::object>(key),
                       py::reinterpret_borrow<py::object>(value));
  std::string text;
  int base = -1;
  bool named = false;
  for (const auto& [k, v] : items)
    if (text_of(k, &text) && text == "name") {
      named = true;
      base = text_of(v, &text) ? ts::variant_by_name(text.data(), text.size()) : -1;
      if (base < 0)
        bad_field("name", "a table's name is 'schnapsen' or 'sixtysix', not " + repr_text(v));
    }
  if (!named) bad_field("name", "a table's name is 'schnapsen' or 'sixtysix', not missing");
  ts::Rules r = ts::reference_rules(ts::VariantId(base));
  const py::dict table = rules_dict(r);
  for (const auto& [k, v] : items) {
    std::string field;
    if (!text_of(k, &field) || !table.contains(py::str(field)))
      bad_field(repr_text(k), "not a field of a variant");
    if (is_house_rule(field))
      set_house_rule(r, field, v);
    else
      check_fixed(field, v, table[py::str(field)]);
  }
  return r;
}

}  // namespace

ts::Rules rules_arg(py::handle h) {
  std::string text;
  ts::Rules r;
  if (text_of(h, &text)) {
    if (ts::rules_named(text, &r)) return r;
    refuse("bad_variant", "unknown variant " + repr_text(h) + " (expected one of " + names_list() +
                              ", or a rules table)");
  }
  if (h && PyDict_Check(h.ptr())) return rules_from_dict(h);
  refuse("bad_variant",
         "a variant is a name (" + names_list() + ") or a rules table, not " + repr_text(h));
}

py::dict rules_dict(const ts::Rules& r) {
  const ts::Variant& v = ts::variant_of(r.base);
  py::dict d;
  d["name"] = keys().variants[r.base];
  d["deck_size"] = v.deck_size;
  d["hand_size"] = v.hand_size;
  d["exchange_rank"] = v.exchange_rank == ts::kRankJack ? "J" : "9";
  d["exchange_needs_trick"] = v.exchange_needs_trick;
  d["marriage_after_close"] = v.marriage_after_close;
  d["false_claim_schwarz"] = v.false_claim_schwarz;
  d["beaten_closer_flat"] = v.beaten_closer_flat;
  d["last_trick_rule"] = v.last_trick_ten ? "ten_points" : "one_point";
  d["close_counts_tricks_at"] = v.close_counts_at_close ? "close" : "end";
  d["close_before_draw"] = v.close_before_draw;
  d["exchange_on_close"] = v.exchange_on_close;
  d["next_dealer"] = v.next_dealer_winner ? "winner" : "alternate";
  d["match_start"] = v.match_start;
  d["match_target"] = v.match_target;
  d["exchange_min_stock"] = int(r.exchange_min_stock);
  d["close_min_stock"] = int(r.close_min_stock);
  d["marriage_by_lead"] = r.marriage_by_lead;
  d["failed_close_pays"] = ts::kClosePayNames[int(r.failed_close_pays)];
  return d;
}

}  // namespace trumpf::bindings::schnapsen

namespace trumpf::bindings {

trumpf::schnapsen::Rules schnapsen_rules_of(pybind11::handle variant) {
  return schnapsen::rules_arg(variant);
}

}  // namespace trumpf::bindings
