//! Walk-throughs of vidkit.
