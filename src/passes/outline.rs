//! `outline-rshape-computation`: upstream's `outline-shape-computation` on
//! rshape. In every function, the computation of each shape that
//! `rshape.with_shape` attaches to a ranked tensor (the ops used only
//! towards such shapes) is outlined into a private `rshape.func
//! @shape_cal_<n>` after the function; `rshape.value_of` of a `with_shape`
//! reads the value directly, and the function is then folded and cleaned of
//! dead ops. `tensor.dim` is first rewritten to `get_extent` of `shape_of`,
//! so that dimension queries join the shape computations.

use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::greedy::apply_patterns_greedily_each;
use crate::ffi::ir::{Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ffi::walk::{self, Builder};
use crate::ods::OdsOp;
use crate::ods::rshape;
use crate::registry::PatternDef;
use rmlir_bridge::patterns;
use std::collections::{HashMap, HashSet, VecDeque};

impl RunPass for decls::OutlineRShapeComputation {
    type Options = decls::OutlineRShapeComputationOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir)
    }
}

/// `tensor.dim` in a shape computation becomes `rshape.get_extent`.
const TENSOR_DIM: &[PatternDef] = patterns!(rshape::GetExtentOp:
    "TensorDimOpRewriter" => tensor_dim_to_get_extent / 1 @ "tensor.dim",
);

/// `tensor.dim %t, %i` -> `rshape.get_extent (rshape.shape_of %t), %i`.
fn tensor_dim_to_get_extent<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let ctx = op.context();
    let source = op.operand(0);
    let rank = source
        .ty()
        .rank()
        .map_or(crate::semantics::shape::DYNAMIC, |r| r as i64);
    let shape_ty = ctx.ranked_tensor(&[rank], ctx.index_type());
    let loc = op.location();
    let shape = rw.create(rshape::ShapeOfOp::OP, loc, &[source], &[shape_ty], &[]);
    let ty = op.result(0).ty();
    let extent = rw.create(
        rshape::GetExtentOp::OP,
        loc,
        &[shape.result(0), op.operand(1)],
        &[ty],
        &[],
    );
    rw.replace_op(op, &[extent.result(0)]);
    true
}

/// The module's symbol names, uniquing new ones as `SymbolTable::insert`
/// does (`name_<k>` with a table-wide counter).
struct Symbols {
    taken: HashSet<String>,
    counter: usize,
}

impl Symbols {
    fn unique(&mut self, name: &str) -> String {
        let mut candidate = name.to_string();
        while self.taken.contains(&candidate) {
            candidate = format!("{name}_{}", self.counter);
            self.counter += 1;
        }
        self.taken.insert(candidate.clone());
        candidate
    }
}

/// Upstream's pass runs, for each function in turn, the `tensor.dim`
/// rewrite, the outlining, then folding and dead-code removal. No step on
/// one function touches another (functions are isolated from above, and
/// the outlined ones are `rshape.func`s), so running each step over all
/// functions before the next is the same, and lets the greedy driver take
/// the pass's IR for each of its two runs.
fn run(ir: &mut Ir) -> bool {
    apply_patterns_greedily_each(ir, functions, &[TENSOR_DIM]);
    let module = ir.root();
    let top_level = module
        .region(0)
        .and_then(|r| r.first_block())
        .map(walk::block_ops)
        .unwrap_or_default();
    let mut symbols = Symbols {
        taken: top_level
            .iter()
            .filter_map(|o| {
                o.attr("sym_name")
                    .and_then(|a| a.as_str())
                    .map(String::from)
            })
            .collect(),
        counter: 0,
    };
    for func in functions(module) {
        if !outline(func, &mut symbols) {
            return false;
        }
    }
    apply_patterns_greedily_each(ir, functions, &[]);
    true
}

/// The `func.func`s under `module`, in pre-order.
fn functions(module: Op<'_>) -> Vec<Op<'_>> {
    walk::collect_preorder(module, |o| o.name() == "func.func")
}

/// True when `op` is a `with_shape` taking `prev` as its shape, or every
/// use of its results leads (recursively) only to such shape operands.
fn only_used_by_with_shapes<'ir>(
    op: Op<'ir>,
    prev: Option<Value<'ir>>,
    only: &mut HashSet<Op<'ir>>,
) -> bool {
    if only.contains(&op) {
        return true;
    }
    if op.isa::<rshape::WithOp>() {
        return Some(op.operand(1)) == prev;
    }
    let results: Vec<Value> = (0..op.num_results()).map(|i| op.result(i)).collect();
    if results.iter().all(|r| !r.has_uses()) {
        return false;
    }
    for r in results {
        for user in r.users() {
            if !only_used_by_with_shapes(user, Some(r), only) {
                return false;
            }
        }
    }
    only.insert(op);
    true
}

fn outline<'ir>(func: Op<'ir>, symbols: &mut Symbols) -> bool {
    let mut only = HashSet::new();
    let ops = walk::collect(func, |_| true);
    for &op in &ops {
        only_used_by_with_shapes(op, None, &mut only);
    }
    let withs: Vec<Op> = ops
        .iter()
        .copied()
        .filter(|o| o.isa::<rshape::WithOp>())
        .collect();

    // The cluster of each shape: the ops reachable from its definition
    // through operands, among those only used towards with_shape shapes,
    // in function order.
    let mut clusters: HashMap<Value, HashSet<Op>> = HashMap::new();
    for w in &withs {
        let shape = w.operand(1);
        if clusters.contains_key(&shape) {
            continue;
        }
        let mut cluster = HashSet::new();
        let mut visited = HashSet::new();
        let mut queue = VecDeque::new();
        if let Some(def) = shape.defining_op() {
            visited.insert(def);
            queue.push_back(def);
        }
        while let Some(op) = queue.pop_front() {
            if only.contains(&op) {
                cluster.insert(op);
                for v in op.operands() {
                    if let Some(def) = v.defining_op()
                        && visited.insert(def)
                    {
                        queue.push_back(def);
                    }
                }
            }
        }
        clusters.insert(shape, cluster);
    }
    let ordered = |shape: Value<'ir>| -> Vec<Op> {
        ops.iter()
            .copied()
            .filter(|o| clusters[&shape].contains(o))
            .collect()
    };

    // Names count from 0 in each function, then are made unique in the
    // module, as upstream names them.
    let mut outlined: HashSet<Value> = HashSet::new();
    for w in &withs {
        let (value, shape) = (w.operand(0), w.operand(1));
        if !value.ty().is_ranked_tensor() || outlined.contains(&shape) {
            continue;
        }
        let name = symbols.unique(&format!("shape_cal_{}", outlined.len()));
        create_shape_function(func, &ordered(shape), shape, &name, value);
        outlined.insert(shape);
    }

    for w in &withs {
        let value = w.operand(0);
        for user in w.result(0).users() {
            if !user.isa::<rshape::ValueOfOp>() {
                continue;
            }
            if user.result(0).ty() == value.ty() {
                walk::replace_uses(user.result(0), value);
            } else {
                user.set_operand(0, value);
            }
        }
    }
    true
}

/// `rshape.func private @name(inputs) -> shape type { cluster; return }`
/// right after `func`.
fn create_shape_function<'ir>(
    func: Op<'ir>,
    cluster: &[Op<'ir>],
    shape: Value<'ir>,
    name: &str,
    value: Value<'ir>,
) {
    let ctx = func.context();
    let in_cluster: HashSet<Op> = cluster.iter().copied().collect();
    let mut inputs: Vec<Value> = Vec::new();
    for op in cluster {
        for v in op.operands() {
            let inside = v.defining_op().is_some_and(|d| in_cluster.contains(&d));
            if !inside && !inputs.contains(&v) {
                inputs.push(v);
            }
        }
    }
    let shape_ty = shape.ty();
    let arg_types: Vec<Type> = if cluster.is_empty() {
        vec![shape_ty]
    } else {
        inputs.iter().map(|v| v.ty()).collect()
    };
    let fn_ty = ctx.function_type(&arg_types, &[shape_ty]);
    let loc = value
        .defining_op()
        .map_or_else(|| func.location(), |d| d.location());
    let shape_fn = Op::create_with_regions(
        rshape::FuncOp::OP,
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
    .expect(rshape::FuncOp::NAME);
    let shape_fn = Builder::after(func).insert(shape_fn);
    let entry = shape_fn
        .region(0)
        .expect("body")
        .append_block(&arg_types, loc);
    let mut mapping: HashMap<Value, Value> = HashMap::new();
    if cluster.is_empty() {
        mapping.insert(shape, entry.argument(0));
    } else {
        for (i, v) in inputs.iter().enumerate() {
            mapping.insert(*v, entry.argument(i));
        }
    }
    let b = Builder::at_end(entry, loc);
    for op in cluster {
        let clone = walk::clone_with_mapping(*op, &mut mapping);
        b.insert(clone);
    }
    let result = *mapping.get(&shape).unwrap_or(&shape);
    b.create(rshape::ReturnOp::OP, loc, &[result], &[], &[]);
}
