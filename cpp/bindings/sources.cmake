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
  cpp/bindings/schnapsen/register_solve.cpp
  cpp/bindings/durak/convert_in.cpp
  cpp/bindings/durak/convert_view.cpp
  cpp/bindings/durak/convert_out.cpp
  cpp/bindings/durak/register.cpp
  cpp/bindings/durak/register_cards.cpp
  cpp/bindings/durak/register_rules.cpp
  cpp/bindings/durak/register_game.cpp
  cpp/bindings/durak/register_bot.cpp
  cpp/bindings/durak/register_solve.cpp
  cpp/bindings/sim/register_sim.cpp
)
