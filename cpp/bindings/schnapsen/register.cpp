// trumpf._core.schnapsen: Schnapsen and Sixty-Six, area by area.
#include "bindings/register.hpp"

#include "bindings/common/errors.hpp"
#include "bindings/schnapsen/convert.hpp"
#include "bindings/schnapsen/register.hpp"

namespace trumpf::bindings {

void register_schnapsen(pybind11::module_& m) {
  schnapsen::make_keys();
  m.attr("Error") = error_class();
  schnapsen::register_cards(m);
  schnapsen::register_scoring(m);
  schnapsen::register_deal(m);
  schnapsen::register_match(m);
  schnapsen::register_bot(m);
  schnapsen::register_info(m);
  schnapsen::register_world(m);
  schnapsen::register_solve(m);
}

}  // namespace trumpf::bindings
