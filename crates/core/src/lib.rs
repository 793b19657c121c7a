//! vidkit core (placeholder, being written).
