# Sources of Podkidnoy Durak in the engine.
target_sources(trumpf_engine PRIVATE
)
