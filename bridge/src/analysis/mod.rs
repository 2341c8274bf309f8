//! Analyses over the IR for bridge dialects' passes and hooks.

pub mod dataflow;
pub mod value_bounds;
