// trumpf._core.durak: two-seat Podkidnoy Durak, area by area.
#include "bindings/register.hpp"

#include "bindings/common/errors.hpp"
#include "bindings/durak/convert.hpp"
#include "bindings/durak/register.hpp"

namespace trumpf::bindings {

void register_durak(pybind11::module_& m) {
  durak::make_keys();
  m.attr("Error") = error_class();
  durak::register_cards(m);
  durak::register_rules(m);
  durak::register_game(m);
  durak::register_bot(m);
  durak::register_info(m);
  durak::register_world(m);
  durak::register_solve(m);
}

}  // namespace trumpf::bindings
