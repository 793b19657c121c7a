//! Reed-Solomon erasure coding over any prime field (placeholder, being written).
