// The two games of the family as one table (docs/rules/sixtysix.md,
// "The variant table"), and
// the house rules a table may change on either (docs/rules/house-rules.md).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace trumpf::schnapsen {

enum VariantId : std::uint8_t { kSchnapsen = 0, kSixtySix = 1 };

struct Variant {
  const char* name;
  int deck_size;
  int hand_size;
  int exchange_rank;  // rank index: 4 (J) or 5 (9)
  bool exchange_needs_trick;
  bool marriage_after_close;
  bool false_claim_schwarz;
  bool beaten_closer_flat;
  bool last_trick_ten;         // last_trick_rule: ten_points (else one_point)
  bool close_counts_at_close;  // close_counts_tricks_at: close (else end)
  bool close_before_draw;
  bool exchange_on_close;
  bool next_dealer_winner;  // next_dealer: winner (else alternate)
  int match_start;
  int match_target;
};

constexpr Variant kVariants[2] = {
    {"schnapsen", 20, 5, 4, false, true, true, false, false, true, false, false, false, 7, 0},
    {"sixtysix", 24, 6, 5, true, false, false, true, true, false, true, true, true, 0, 7},
};

inline const Variant& variant_of(VariantId v) noexcept { return kVariants[v]; }

// -1 for a name this engine does not play.
inline int variant_by_name(const char* name, std::size_t len) noexcept {
  for (int i = 0; i < 2; ++i)
    if (std::strlen(kVariants[i].name) == len && std::memcmp(kVariants[i].name, name, len) == 0)
      return i;
  return -1;
}

// The cards left to draw after the deal: the most any minimum stock can ask.
constexpr int stock_of(VariantId v) noexcept {
  return kVariants[v].deck_size - 2 * kVariants[v].hand_size;
}

enum class ClosePay : std::uint8_t { kReference, kCloserValue };
constexpr const char* kClosePayNames[2] = {"reference", "closer_value"};

// A variant as a table plays it: the base game and the house rules on it.
// The defaults are the reference's. The base alone decides the deck, the
// deal and the shuffle, so house rules never change the cards dealt.
struct Rules {
  VariantId base = kSchnapsen;
  std::uint8_t exchange_min_stock = 1;  // draw_left an exchange needs
  std::uint8_t close_min_stock = 1;     // draw_left a close needs
  bool marriage_by_lead = false;        // a marriage is shown by leading K or Q
  ClosePay failed_close_pays = ClosePay::kReference;

  friend bool operator==(const Rules& a, const Rules& b) noexcept {
    return a.base == b.base && a.exchange_min_stock == b.exchange_min_stock &&
           a.close_min_stock == b.close_min_stock && a.marriage_by_lead == b.marriage_by_lead &&
           a.failed_close_pays == b.failed_close_pays;
  }
  friend bool operator!=(const Rules& a, const Rules& b) noexcept { return !(a == b); }
};

constexpr Rules reference_rules(VariantId v) noexcept {
  Rules r{};
  r.base = v;
  return r;
}

struct Preset {
  const char* name;
  Rules rules;
};
// The house rules as a table, in the order a rules table lists them: what a
// caller may set (the bindings read a rules table through it) and what
// trumpf.tables.HOUSE_RULES, the CLI's report and the docs show.
//   kStock:  an int from 1 to the variant's stock (stock_of)
//   kFlag:   False or True
//   kChoice: one of `choices`, its value the choice's index
enum class HouseKind : std::uint8_t { kStock, kFlag, kChoice };
struct HouseRule {
  const char* name;
  HouseKind kind;
  const char* about;
  const char* const* choices = nullptr;  // kChoice only
  int n_choices = 0;
};
constexpr HouseRule kHouseRules[4] = {
    {"exchange_min_stock", HouseKind::kStock,
     "cards left to draw, the turn-up included, that an exchange of the turn-up needs"},
    {"close_min_stock", HouseKind::kStock, "cards left to draw that closing the talon needs"},
    {"marriage_by_lead", HouseKind::kFlag,
     "a marriage is shown by leading its king or queen, in one move"},
    {"failed_close_pays", HouseKind::kChoice,
     "what the closer's opponent wins when a close goes wrong", kClosePayNames, 2},
};
constexpr int kHouseRuleCount = 4;

// Rule k's value in `r` as an int: the count, 0/1, or the choice's index.
inline int house_value(const Rules& r, int k) noexcept {
  switch (k) {
    case 0:
      return r.exchange_min_stock;
    case 1:
      return r.close_min_stock;
    case 2:
      return r.marriage_by_lead ? 1 : 0;
    default:
      return int(r.failed_close_pays);
  }
}
// Sets rule k of `r` to `value` (in range: the caller checked).
inline void set_house_value(Rules& r, int k, int value) noexcept {
  switch (k) {
    case 0:
      r.exchange_min_stock = std::uint8_t(value);
      break;
    case 1:
      r.close_min_stock = std::uint8_t(value);
      break;
    case 2:
      r.marriage_by_lead = value != 0;
      break;
    default:
      r.failed_close_pays = ClosePay(value);
      break;
  }
}
// The index of the house rule called `name`, or -1.
inline int house_rule_named(std::string_view name) noexcept {
  for (int k = 0; k < kHouseRuleCount; ++k)
    if (name == kHouseRules[k].name) return k;
  return -1;
}

// The preset schnapsen-tjger (docs/rules/house-rules.md): exchange and close
// need "more than two cards" in the stock, a marriage is shown by leading it,
// and a failed close pays what the closer would have won.
constexpr Preset kPresets[1] = {
    {"schnapsen-tjger", Rules{kSchnapsen, 3, 3, true, ClosePay::kCloserValue}},
};

// The house-rule field of `r` whose value is out of range, or nullptr.
inline const char* rules_problem(const Rules& r) noexcept {
  const int stock = stock_of(r.base);
  if (r.exchange_min_stock < 1 || r.exchange_min_stock > stock) return "exchange_min_stock";
  if (r.close_min_stock < 1 || r.close_min_stock > stock) return "close_min_stock";
  return nullptr;
}

// The rules a variant or preset name stands for; false for other names.
inline bool rules_named(std::string_view name, Rules* out) noexcept {
  const int v = variant_by_name(name.data(), name.size());
  if (v >= 0) {
    *out = reference_rules(VariantId(v));
    return true;
  }
  for (const Preset& p : kPresets)
    if (name == p.name) {
      *out = p.rules;
      return true;
    }
  return false;
}

// The name of the preset these rules are, or nullptr.
inline const char* preset_of(const Rules& r) noexcept {
  for (const Preset& p : kPresets)
    if (p.rules == r) return p.name;
  return nullptr;
}

}  // namespace trumpf::schnapsen
