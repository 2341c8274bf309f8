//! What hosts the bridge: contexts and registration (`context`), plugin
//! entry points (`plugin`), and the JIT (`exec`).

pub mod context;
pub mod exec;
pub mod plugin;
