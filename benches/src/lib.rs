//! Benchmarks and the sweep runner of vidkit.
