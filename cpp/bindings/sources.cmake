# The pybind11 module trumpf._core: common helpers, then one folder per game.
target_sources(_core PRIVATE
  cpp/bindings/common/args.cpp
  cpp/bindings/common/errors.cpp
  cpp/bindings/common/register_common.cpp
  cpp/bindings/schnapsen/convert_in.cpp
  cpp/bindings/schnapsen/convert_out.cpp
  cpp/bindings/schnapsen/rules.cpp
  cpp/bindings/schnapsen/view.cpp
  cpp/bindings/schnapsen/register.cpp
  cpp/bindings/schnapsen/register_cards.cpp
  cpp/bindings/schnapsen/register_scoring.cpp
  cpp/bindings/schnapsen/register_deal.cpp
  cpp/bindings/schnapsen/register_match.cpp
  cpp/bindings/schnapsen/register_bot.cpp
  cpp/bindings/schnapsen/register_info.cpp
  cpp/bindings/register_durak.cpp
  cpp/bindings/sim/register_sim.cpp
  cpp/bindings/durak_info.cpp
  cpp/bindings/rl/position.cpp
  cpp/bindings/rl/register.cpp
  cpp/bindings/rl/register_scalar.cpp
  cpp/bindings/rl/register_vector.cpp
)
