//! The handles' ties to melior's objects and to the op models: a context,
//! attribute or module of melior as a handle, and back.

use crate::bindings as b;
use crate::ir::{Attr, Context, Op, sref};
use mlir_sys::{mlirAttributeGetContext, mlirAttributeParseGet};

impl<'ir> Context<'ir> {
    /// For the registered op `name`: whether its op model (the bridge's
    /// `OpModel`, which answers `hasTrait` from a hash set of the op's trait
    /// ids) answers as MLIR's own op model would, for the trait ids of every
    /// op registered with the bridge and for ids that are no trait. None
    /// when `name` is not registered here or was not registered through the
    /// bridge. What tests check of every op.
    #[doc(hidden)]
    pub fn op_traits_agree(self, name: &str) -> Option<bool> {
        // SAFETY: the context is live; name is borrowed for the call.
        match unsafe { b::rmlirOperationNameTraitsAgree(self.raw(), sref(name)) } {
            1 => Some(true),
            0 => Some(false),
            _ => None,
        }
    }

    /// Parses an attribute (setup only; never on a per-op hot path).
    pub fn parse_attr(self, text: &str) -> Option<Attr<'ir>> {
        // SAFETY: the context is live; text is borrowed for the call.
        unsafe { Attr::from_raw(mlirAttributeParseGet(self.raw(), sref(text))) }
    }
}

impl<'ir> Context<'ir> {
    /// The raw context of a melior context.
    pub fn from_melior(context: &'ir melior::Context) -> Context<'ir> {
        // SAFETY: a melior context borrowed for the call: live.
        unsafe { Context::from_raw(context.to_raw()) }.expect("live context")
    }
}

impl Attr<'_> {
    /// This attribute as a melior attribute of `context` (panics if the
    /// attribute belongs to another context).
    pub fn to_melior(self, context: &melior::Context) -> melior::ir::Attribute<'_> {
        assert!(
            // SAFETY: the attribute is live.
            unsafe { mlirAttributeGetContext(self.raw()) }.ptr == context.to_raw().ptr,
            "an attribute of another context"
        );
        // SAFETY: the attribute is uniqued in (and lives as long as) the
        // context it was created in, which is `context`, checked above.
        unsafe { melior::ir::Attribute::from_raw(self.raw()) }
    }
}

impl<'ir> Op<'ir> {
    /// The top-level operation of a melior module, for as long as the module
    /// is borrowed mutably (so that no melior call changes or frees the IR
    /// while the handle lives: melior hands out mutable handles from shared
    /// borrows).
    pub fn from_melior(module: &'ir mut melior::ir::Module) -> Option<Op<'ir>> {
        // SAFETY: a melior module borrowed mutably for 'ir: live, and
        // changed by nothing else meanwhile.
        unsafe { Op::from_raw(module.as_operation().to_raw()) }
    }
}
