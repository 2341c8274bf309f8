//! MLIR's `ValueBoundsOpInterface` answered from Rust: the hooks a dialect
//! hands over for the ops whose results it can bound, and [`Bounds`], the
//! constraint set they add to (affine expressions of values, bounds,
//! populating and comparing).

use crate::bindings as b;
use crate::ir::{Op, Value};
use mlir_sys::{
    MlirAffineExpr, mlirAffineAddExprGet, mlirAffineConstantExprGet, mlirAffineExprGetContext,
    mlirAffineFloorDivExprGet, mlirAffineMulExprGet, mlirTypeGetContext, mlirValueGetType,
};
use std::marker::PhantomData;

/// A dialect's value bounds (`ValueBoundsOpInterface`).
pub struct ValueBoundsHooks {
    /// The ops that have bounds.
    pub ops: &'static [&'static str],
    /// Adds the bounds of `value` (a result of `op`; dimension `dim` of a
    /// shaped value, None for an index value).
    pub populate: fn(Op, Value, Option<i64>, &mut Bounds),
}

/// An affine expression of the constraint set of one query (values stand
/// for its columns): it lives no longer than the hook call that built it.
#[derive(Clone, Copy)]
pub struct Expr<'b>(MlirAffineExpr, PhantomData<&'b ()>);

impl<'b> std::ops::Add for Expr<'b> {
    type Output = Expr<'b>;
    /// `self + other` (MLIR's simplifying constructor).
    fn add(self, other: Expr<'b>) -> Expr<'b> {
        // SAFETY: both expressions are live in the same context.
        Expr(
            unsafe { mlirAffineAddExprGet(self.0, other.0) },
            PhantomData,
        )
    }
}

impl<'b> std::ops::Mul for Expr<'b> {
    type Output = Expr<'b>;
    /// `self * other`.
    fn mul(self, other: Expr<'b>) -> Expr<'b> {
        // SAFETY: both expressions are live in the same context.
        Expr(
            unsafe { mlirAffineMulExprGet(self.0, other.0) },
            PhantomData,
        )
    }
}

impl<'b> std::ops::Sub for Expr<'b> {
    type Output = Expr<'b>;
    /// `self - other`, as MLIR spells it (`self + other * -1`).
    fn sub(self, other: Expr<'b>) -> Expr<'b> {
        // SAFETY: other is live; the constant lives in its context.
        let minus_one = Expr(
            unsafe { mlirAffineConstantExprGet(mlirAffineExprGetContext(other.0), -1) },
            PhantomData,
        );
        self + other * minus_one
    }
}

impl<'b> Expr<'b> {
    /// `self floordiv other`.
    pub fn floor_div(self, other: Expr<'b>) -> Expr<'b> {
        // SAFETY: both expressions are live in the same context.
        Expr(
            unsafe { mlirAffineFloorDivExprGet(self.0, other.0) },
            PhantomData,
        )
    }
}

/// How a bound relates a value to an expression.
#[derive(Clone, Copy)]
pub enum Relation {
    /// `value == expr`.
    Eq,
    /// `value <= expr`.
    Le,
    /// `value >= expr`.
    Ge,
}

/// The constraint set of one value-bounds query, for one hook call (`'b`).
pub struct Bounds<'b> {
    raw: *mut b::RmlirValueBounds,
    context: mlir_sys::MlirContext,
    _call: PhantomData<&'b ()>,
}

fn dim_code(dim: Option<i64>) -> i64 {
    dim.unwrap_or(-1)
}

impl<'b> Bounds<'b> {
    /// # Safety
    /// `raw` must be the live constraint set of the call it is handed to,
    /// live for `'b`; `value` a live value of its context.
    pub(crate) unsafe fn from_raw(raw: *mut b::RmlirValueBounds, value: Value) -> Self {
        // SAFETY: as the caller guarantees.
        let context = unsafe { mlirTypeGetContext(mlirValueGetType(value.raw())) };
        Bounds {
            raw,
            context,
            _call: PhantomData,
        }
    }

    /// Panics unless `value` is of the query's context.
    fn check(&self, value: Value) {
        assert!(
            value.ty().context().raw().ptr == self.context.ptr,
            "a value of another context in a value-bounds query"
        );
    }

    /// The expression standing for `value` (dimension `dim`).
    pub fn expr<'ir>(&mut self, value: Value<'ir>, dim: Option<i64>) -> Expr<'b> {
        self.check(value);
        // SAFETY: the constraint set and the value are live.
        Expr(
            unsafe { b::rmlirValueBoundsExpr(self.raw, value.raw(), dim_code(dim)) },
            PhantomData,
        )
    }

    /// The constant `c`.
    pub fn constant(&self, c: i64) -> Expr<'b> {
        // SAFETY: the context is live.
        Expr(
            unsafe { mlirAffineConstantExprGet(self.context, c) },
            PhantomData,
        )
    }

    /// Adds `value (relation) expr`.
    pub fn bound<'ir>(
        &mut self,
        value: Value<'ir>,
        dim: Option<i64>,
        relation: Relation,
        expr: Expr<'b>,
    ) {
        self.check(value);
        let relation = match relation {
            Relation::Eq => b::RmlirBoundRelation_RMLIR_BOUND_EQ,
            Relation::Le => b::RmlirBoundRelation_RMLIR_BOUND_LE,
            Relation::Ge => b::RmlirBoundRelation_RMLIR_BOUND_GE,
        };
        // SAFETY: the constraint set, the value and the expression are live.
        unsafe {
            b::rmlirValueBoundsBound(
                self.raw,
                value.raw(),
                dim_code(dim),
                relation as i32,
                expr.0,
            )
        }
    }

    /// Populates the constraints of `value` (and its backward slice).
    pub fn populate<'ir>(&mut self, value: Value<'ir>, dim: Option<i64>) {
        self.check(value);
        // SAFETY: the constraint set and the value are live.
        unsafe { b::rmlirValueBoundsPopulate(self.raw, value.raw(), dim_code(dim)) }
    }

    /// Whether `lhs <= rhs` is provable.
    pub fn provably_le<'ir>(&mut self, lhs: Value<'ir>, rhs: Value<'ir>, dim: Option<i64>) -> bool {
        self.check(lhs);
        self.check(rhs);
        // SAFETY: the constraint set and the values are live.
        unsafe { b::rmlirValueBoundsProvablyLE(self.raw, lhs.raw(), rhs.raw(), dim_code(dim)) }
    }
}
