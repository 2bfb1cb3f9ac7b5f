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

// "'schnapsen', 'sixtysix'": the variants, for a refusal.
std::string variants_list() {
  std::string out;
  for (const ts::Variant& v : ts::kVariants)
    out += (out.empty() ? "'" : ", '") + std::string(v.name) + "'";
  return out;
}

// The variants and the presets, for a refusal.
std::string names_list() {
  std::string out = variants_list();
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

// Reads `value` into house rule k of `r`, after the engine's table says
// what the rule takes (variant.hpp, kHouseRules).
void set_house_rule(ts::Rules& r, int k, py::handle value) {
  const ts::HouseRule& rule = ts::kHouseRules[k];
  long long n = 0;
  std::string text;
  switch (rule.kind) {
    case ts::HouseKind::kStock: {
      const long long stock = ts::stock_of(r.base);
      if (!exact_int(value, 1, stock, &n))
        bad_field(rule.name,
                  "an int from 1 to " + std::to_string(stock) + ", not " + repr_text(value));
      break;
    }
    case ts::HouseKind::kFlag:
      if (!PyBool_Check(value.ptr()))
        bad_field(rule.name, "True or False, not " + repr_text(value));
      n = value.ptr() == Py_True;
      break;
    case ts::HouseKind::kChoice: {
      n = -1;
      std::string options;
      for (int c = 0; c < rule.n_choices; ++c) {
        if (text_of(value, &text) && text == rule.choices[c]) n = c;
        options += std::string(c == 0                    ? "'"
                               : c + 1 == rule.n_choices ? " or '"
                                                         : ", '") +
                   rule.choices[c] + "'";
      }
      if (n < 0) bad_field(rule.name, options + ", not " + repr_text(value));
      break;
    }
  }
  ts::set_house_value(r, k, int(n));
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
        bad_field("name", "a table's name is one of " + variants_list() + ", not " + repr_text(v));
    }
  if (!named) bad_field("name", "a table's name is one of " + variants_list() + ", not missing");
  ts::Rules r = ts::reference_rules(ts::VariantId(base));
  const py::dict table = rules_dict(r);
  for (const auto& [k, v] : items) {
    std::string field;
    if (!text_of(k, &field) || !table.contains(py::str(field)))
      bad_field(repr_text(k), "not a field of a variant");
    if (const int k = ts::house_rule_named(field); k >= 0)
      set_house_rule(r, k, v);
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
  for (int k = 0; k < ts::kHouseRuleCount; ++k) {
    const int value = ts::house_value(r, k);
    switch (ts::kHouseRules[k].kind) {
      case ts::HouseKind::kStock:
        d[ts::kHouseRules[k].name] = value;
        break;
      case ts::HouseKind::kFlag:
        d[ts::kHouseRules[k].name] = value != 0;
        break;
      case ts::HouseKind::kChoice:
        d[ts::kHouseRules[k].name] = ts::kHouseRules[k].choices[value];
        break;
    }
  }
  return d;
}

}  // namespace trumpf::bindings::schnapsen

namespace trumpf::bindings {

trumpf::schnapsen::Rules schnapsen_rules_of(pybind11::handle variant) {
  return schnapsen::rules_arg(variant);
}

}  // namespace trumpf::bindings
