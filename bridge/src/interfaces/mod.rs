//! Interface models of upstream's interfaces for bridge dialects.

pub mod arith_interfaces;
pub mod bufferize;
