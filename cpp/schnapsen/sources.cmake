# Sources of the Schnapsen family (Schnapsen and Sixty-Six) in the engine.
target_sources(trumpf_engine PRIVATE
)
