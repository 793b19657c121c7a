//! Integration tests of `msm`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod msm;
