//! `rshape-reify-shape-functions`: seed 003's first transformation, stage 1
//! (error-monadic shape functions in a `rshape.function_library`) to stage 2
//! (constrained form), made real.
//!
//! For every `rshape.shape_of` of a result of an op that a library names in
//! its `mapping` (libraries come from the module's `rshape.lib`), the shape
//! function is reified for that op's operand types as a `func.func
//! @<function>_<n>` and the `shape_of` becomes a call to it. Reification
//! turns the error-carrying form into the constrained one, "most nested"
//! as 003 describes it:
//! - `!rshape.value_shape` arguments take the op's operand types, shapes
//!   become extent tensors (`tensor<?xindex>`) and sizes `index`;
//! - each `meet` becomes a `cstr_require` of the operands' equality (sizes
//!   with `rarith.cmpi eq`, shapes with `shape_eq`) carrying the meet's
//!   `error` message, and everything after it moves into an
//!   `rshape.assuming` region on that witness; the meet's value is its first
//!   operand (equal to the second wherever the witness holds);
//! - `const_size` becomes an index constant; other shape ops are rebuilt on
//!   the new types.
//!
//! The mapped op itself, when it is an unregistered op (a stand-in whose
//! only meaning is its shape function) and no use is left, is erased; when
//! no mapped op is left at all, the libraries and `rshape.lib` are removed.
//! Stage 2 to 3 is `convert-rshape-constraints` (witnesses become
//! `cf.assert`s) with `canonicalize` (the now-trivial `assuming` regions are
//! inlined); stage 3 to native code is `convert-rshape-to-std` and the
//! usual lowering.

use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::op_access::OpName;
use crate::ffi::ir::{Attr, Context, Location, Op, Type, Value};
use crate::ffi::region::Block;
use crate::ffi::walk::{self, Builder};
use crate::ods::rshape;
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;
use crate::semantics::shape::DYNAMIC;
use crate::shape::{is_shape_type, is_size_type};
use std::collections::HashMap;

impl RunPass for decls::RShapeReifyShapeFunctions {
    type Options = decls::RShapeReifyShapeFunctionsOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir)
    }
}

fn run(ir: &Ir) -> bool {
    let module = ir.root();
    let Some(libs) = module.attr(crate::ods::rshape::attrs::LIB) else {
        return true;
    };
    let libraries: Vec<Op> = libs
        .array_elements()
        .unwrap_or_else(|| vec![libs])
        .into_iter()
        .filter_map(|r| module.lookup_symbol(r))
        .filter(|l| l.isa::<rshape::FunctionLibraryOp>())
        .collect();
    let Some(body) = module.region(0).and_then(|r| r.first_block()) else {
        return true;
    };
    let mut reified: HashMap<(Op, Vec<Type>), String> = HashMap::new();
    let mut mapped_ops = Vec::new();
    for shape_of in walk::collect(module, |o| o.isa::<rshape::ShapeOfOp>()) {
        let Some(mapped) = shape_of.operand(0).defining_op() else {
            continue;
        };
        let Some(function) = shape_function(&libraries, mapped) else {
            continue;
        };
        let arity = function
            .region(0)
            .and_then(|r| r.first_block())
            .map_or(0, |b| b.num_arguments());
        if mapped.num_operands() < arity {
            mapped.emit_op_error("has fewer operands than its shape function takes");
            return false;
        }
        let operands: Vec<Value> = mapped.operands().take(arity).collect();
        let types: Vec<Type> = operands.iter().map(|v| v.ty()).collect();
        let key = (function, types.clone());
        let name = match reified.get(&key) {
            Some(n) => n.clone(),
            None => {
                let base = function
                    .attr("sym_name")
                    .and_then(|a| a.as_str())
                    .unwrap_or("shape_fn");
                let name = format!("{base}_{}", reified.len());
                if !reify(function, &types, &name, body) {
                    return false;
                }
                reified.insert(key, name.clone());
                name
            }
        };
        let ctx = module.context();
        let loc = shape_of.location();
        let extent_ty = ctx.ranked_tensor(&[DYNAMIC], ctx.index_type());
        let b = Builder::before(shape_of);
        let call = b.create(
            "func.call",
            loc,
            &operands,
            &[extent_ty],
            &[("callee", ctx.flat_symbol_ref(&name))],
        );
        let mut result = call.result(0);
        let want = shape_of.result(0).ty();
        if want != extent_ty {
            result = if is_shape_type(want) {
                b.create(rshape::FromExtentTensorOp::OP, loc, &[result], &[want], &[])
                    .result(0)
            } else {
                b.create("tensor.cast", loc, &[result], &[want], &[])
                    .result(0)
            };
        }
        walk::replace_and_erase(ir, shape_of, &[result]);
        if !mapped_ops.contains(&mapped) {
            mapped_ops.push(mapped);
        }
    }
    for op in mapped_ops {
        let dead = (0..op.num_results()).all(|i| !op.result(i).has_uses());
        if dead && !op.is_registered() {
            walk::erase(ir, op);
        }
    }
    // When no mapped op is left, the libraries have served their purpose
    // (stage 1 is gone): they and `rshape.lib` are removed so that later
    // stages see only the reified code.
    let still_mapped =
        !walk::collect(module, |o| shape_function(&libraries, o).is_some()).is_empty();
    if !still_mapped {
        for lib in libraries {
            walk::erase(ir, lib);
        }
        module.remove_discardable_attr(crate::ods::rshape::attrs::LIB);
    }
    true
}

/// The `rshape.func` a library maps `op`'s name to.
fn shape_function<'ir>(libraries: &[Op<'ir>], op: Op<'ir>) -> Option<Op<'ir>> {
    libraries.iter().find_map(|lib| {
        let target = lib.attr("mapping")?.dict_get(op.name())?;
        lib.lookup_symbol(target)
            .filter(|f| f.isa::<rshape::FuncOp>())
    })
}

/// Stage-2 type of a stage-1 value type.
fn constrained_type<'ir>(ctx: Context<'ir>, ty: Type<'ir>) -> Type<'ir> {
    if is_shape_type(ty) {
        ctx.ranked_tensor(&[DYNAMIC], ctx.index_type())
    } else if is_size_type(ty) {
        ctx.index_type()
    } else {
        ty
    }
}

/// Builds `func.func @name(types) -> tensor<?xindex>` in constrained form
/// from the stage-1 `function`, at the end of the module `body`.
fn reify<'ir>(function: Op<'ir>, types: &[Type<'ir>], name: &str, body: Block<'ir>) -> bool {
    let ctx = function.context();
    let loc = function.location();
    let Some(src) = function.region(0).and_then(|r| r.first_block()) else {
        function.emit_op_error("has no body to reify");
        return false;
    };
    let extent_ty = ctx.ranked_tensor(&[DYNAMIC], ctx.index_type());
    let fn_ty = ctx.function_type(types, &[extent_ty]);
    let func = Op::create_with_regions(
        "func.func",
        loc,
        &[],
        &[],
        &[
            ("sym_name", ctx.string_attr(name)),
            ("function_type", ctx.type_attr(fn_ty)),
            ("sym_visibility", ctx.string_attr("private")),
        ],
        1,
    )
    .expect("func.func");
    let func = Builder::at_end(body, loc).insert(func);
    let entry = func.region(0).expect("body").append_block(types, loc);
    let mut map: HashMap<Value, Value> = HashMap::new();
    for i in 0..src.num_arguments() {
        map.insert(src.argument(i), entry.argument(i));
    }
    let mut r = Reifier {
        ctx,
        block: entry,
        regions: Vec::new(),
        map,
    };
    for op in walk::block_ops(src) {
        if !r.op(op) {
            return false;
        }
    }
    true
}

struct Reifier<'ir> {
    ctx: Context<'ir>,
    /// Where ops go: the innermost open block.
    block: Block<'ir>,
    /// Open `assuming` ops, outermost first.
    regions: Vec<Op<'ir>>,
    map: HashMap<Value<'ir>, Value<'ir>>,
}

impl<'ir> Reifier<'ir> {
    fn get(&self, v: Value<'ir>) -> Value<'ir> {
        *self.map.get(&v).unwrap_or(&v)
    }

    fn emit<'n>(
        &self,
        name: impl Into<OpName<'n>>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Op<'ir> {
        Builder::at_end(self.block, loc).create(name, loc, operands, types, attrs)
    }

    fn op(&mut self, op: Op<'ir>) -> bool {
        let loc = op.location();
        let operands: Vec<Value> = op.operands().map(|v| self.get(v)).collect();
        match op.name() {
            rshape::ConstSizeOp::NAME => {
                let value = op
                    .attr("value")
                    .and_then(|a| a.as_int())
                    .map(|v| v.to_i64_wrapping());
                let attr = Attr::int(
                    self.ctx.index_type(),
                    &ApInt::from_i64(64, value.unwrap_or(0)),
                );
                let c = self.emit(
                    rarith::ConstantOp::OP,
                    loc,
                    &[],
                    &[self.ctx.index_type()],
                    &[("value", attr)],
                );
                self.map.insert(op.result(0), c.result(0));
            }
            rshape::MeetOp::NAME => {
                let (a, b) = (operands[0], operands[1]);
                let i1 = self.ctx.integer_type(1);
                let equal = if a.ty().is_index() && b.ty().is_index() {
                    let eq = Attr::int(self.ctx.integer_type(64), &ApInt::from_i64(64, 0));
                    self.emit(
                        rarith::CmpIOp::OP,
                        loc,
                        &[a, b],
                        &[i1],
                        &[("predicate", eq)],
                    )
                } else {
                    self.emit(rshape::ShapeEqOp::OP, loc, &[a, b], &[i1], &[])
                };
                let message = op
                    .attr("error")
                    .and_then(|e| e.as_str())
                    .unwrap_or("operands of rshape.meet differ");
                let witness_ty = self
                    .ctx
                    .ods_type(rshape::types::WITNESS)
                    .expect("witness type");
                let witness = self.emit(
                    rshape::CstrRequireOp::OP,
                    loc,
                    &[equal.result(0)],
                    &[witness_ty],
                    &[("msg", self.ctx.string_attr(message))],
                );
                self.open_assuming(witness.result(0), loc);
                self.map.insert(op.result(0), a);
            }
            rshape::ReturnOp::NAME | "func.return" => {
                let mut value = operands[0];
                let extent_ty = self.ctx.ranked_tensor(&[DYNAMIC], self.ctx.index_type());
                if value.ty() != extent_ty {
                    value = self
                        .emit("tensor.cast", loc, &[value], &[extent_ty], &[])
                        .result(0);
                }
                // Yield out of each open region, innermost first.
                while let Some(assuming) = self.regions.pop() {
                    self.emit(rshape::AssumingYieldOp::OP, loc, &[value], &[], &[]);
                    value = assuming.result(0);
                    self.block = assuming.parent_block().expect("assuming sits in a block");
                }
                self.emit("func.return", loc, &[value], &[], &[]);
            }
            name => {
                let types: Vec<Type> = op
                    .result_types()
                    .map(|t| constrained_type(self.ctx, t))
                    .collect();
                let attrs: Vec<(&str, Attr)> = op
                    .attributes()
                    .into_iter()
                    .filter(|(n, _)| op.has_inherent_attr(n))
                    .collect();
                let Some(new) = Op::create(name, loc, &operands, &types, &attrs) else {
                    op.emit_op_error("cannot be reified");
                    return false;
                };
                let new = Builder::at_end(self.block, loc).insert(new);
                for i in 0..op.num_results() {
                    self.map.insert(op.result(i), new.result(i));
                }
            }
        }
        true
    }

    /// `rshape.assuming %witness -> (tensor<?xindex>) { ... }`: later ops go
    /// inside.
    fn open_assuming(&mut self, witness: Value<'ir>, loc: Location<'ir>) {
        let extent_ty = self.ctx.ranked_tensor(&[DYNAMIC], self.ctx.index_type());
        let assuming = Op::create_with_regions(
            rshape::AssumingOp::OP,
            loc,
            &[witness],
            &[extent_ty],
            &[],
            1,
        )
        .expect(rshape::AssumingOp::NAME);
        let assuming = Builder::at_end(self.block, loc).insert(assuming);
        self.block = assuming.region(0).expect("region").append_block(&[], loc);
        self.regions.push(assuming);
    }
}
