//! # Soundness
//!
//! Safe Rust that uses rmlir's API cannot reach undefined behaviour through
//! it: no use of freed IR, no IR of a dropped context, no data race with
//! the threads MLIR runs passes on. What the types can reject they reject
//! (the `compile_fail` examples below are tests: each must fail to compile
//! with the error code it names); what they cannot is checked and returns
//! an [`Error`](crate::Error). `tests/soundness.rs` holds the runtime
//! checks; `make verify` runs it, and the public-API tests, under valgrind
//! (zero errors), `make test` a short subset.
//!
//! ## What the API guarantees
//!
//! **Pass bodies** get a [`PassScope`](crate::pipeline::PassScope): the op
//! the pass runs on and what it holds. Its handles ([`crate::ir`]) go down
//! and back up to that op, never past it (its `parent_op`, `block` and
//! siblings are `None`), so a pass nested in `func.func` cannot touch the
//! functions MLIR changes on other threads. Every handle borrows the scope,
//! and the drivers borrow it mutably, so none survives a driver run:
//!
//! ```compile_fail,E0502
//! rmlir::pipeline::register_pass("dangle", "", |pass| {
//!     let func = pass.op().region(0).unwrap().first_block().unwrap().first_op().unwrap();
//!     pass.apply_greedily(&[])?; // may erase what `func` points to
//!     println!("{func}");
//!     Ok(())
//! });
//! ```
//!
//! Values too:
//!
//! ```compile_fail,E0502
//! rmlir::pipeline::register_pass("dangle-value", "", |pass| {
//!     let op = pass.op().region(0).unwrap().first_block().unwrap().first_op().unwrap();
//!     let value = op.result(0).unwrap();
//!     pass.apply_greedily(&[])?;
//!     println!("{:?}", value.r#type());
//!     Ok(())
//! });
//! ```
//!
//! A handle cannot leave the body (to a later run, or another thread):
//!
//! ```compile_fail,E0521
//! use std::sync::Mutex;
//! static KEPT: Mutex<Option<rmlir::ir::OpRef<'static>>> = Mutex::new(None);
//! rmlir::pipeline::register_pass("keep", "", |pass| {
//!     *KEPT.lock().unwrap() = Some(pass.op());
//!     Ok(())
//! });
//! ```
//!
//! ```compile_fail,E0277
//! rmlir::pipeline::register_pass("send", "", |pass| {
//!     let op = pass.op();
//!     std::thread::scope(|s| {
//!         s.spawn(move || println!("{op}"));
//!     });
//!     Ok(())
//! });
//! ```
//!
//! **Pattern bodies** get their root and a [`Rewriter`](crate::rewrite::Rewriter),
//! scoped to the root's closest ancestor isolated from above. Replacing and
//! erasing the root happen after the body returns. The root is replaced by
//! values of the IR only: a value of an op built but not inserted is not
//! one:
//!
//! ```compile_fail,E0308
//! use melior::ir::attribute::IntegerAttribute;
//! use melior::ir::operation::OperationLike;
//! use rmlir::ods::rarith::MulIOp;
//! rmlir::rewrite::Pattern::new::<MulIOp>("p", |op, rw| {
//!     let x = op.lhs();
//!     let k = rmlir::ops::rarith::constant(op.location(), IntegerAttribute::new(x.r#type(), 1).into()).ok()?;
//!     rw.replace_root(&[k.result(0).ok()?.into()]).ok() // a melior value: no
//! });
//! ```
//!
//! and an op inserted with such a value as an operand is refused at run
//! time (`Rewriter::insert` returns an `Err`: the operand is neither
//! defined inside the op nor attached inside the scope), as is an op of
//! another context.
//!
//! The root comes as its op's typed view (`MulIOpRef`), bound to the
//! pattern call like every handle it hands out:
//!
//! ```compile_fail,E0521
//! use std::sync::Mutex;
//! use rmlir::ods::rarith::MulIOp;
//! static KEPT: Mutex<Option<rmlir::ir::ValueRef<'static>>> = Mutex::new(None);
//! rmlir::rewrite::Pattern::new::<MulIOp>("keep", |op, _| {
//!     *KEPT.lock().unwrap() = Some(op.rhs());
//!     None
//! });
//! ```
//!
//! **Builders** ([`crate::ops`]) refuse operands of another context
//! (an `Err`), and the op they build borrows its operands: it cannot
//! outlive the block whose arguments it uses.
//!
//! ```compile_fail,E0505
//! use melior::ir::operation::OperationLike;
//! use melior::ir::{BlockLike, Location, RegionLike};
//! let context = rmlir::new_context();
//! let module = rmlir::parse(&context, "func.func @f(%x: i32) { return }").unwrap();
//! let f = module.body().first_operation().unwrap();
//! let x = f.region(0).unwrap().first_block().unwrap().argument(0).unwrap();
//! let op = rmlir::ops::rarith::addi(Location::unknown(&context), x, x, Default::default())
//!     .unwrap();
//! drop(module); // frees the block argument `op` uses
//! println!("{op}");
//! ```
//!
//! (melior's owned `Block` is another matter: see below.)
//!
//! **Modules** from [`parse`](crate::parse) and [`new_module`](crate::new_module)
//! borrow their context:
//!
//! ```compile_fail,E0597
//! let module = {
//!     let context = rmlir::new_context();
//!     rmlir::parse(&context, "func.func @f() { return }").unwrap()
//! };
//! ```
//!
//! **The JIT** ([`Jit`](crate::jit::Jit)) calls a function only with
//! arguments that fit the signature recorded before lowering
//! ([`emit_c_interfaces`](crate::pipeline::emit_c_interfaces)): count,
//! scalar kinds, memref element types, ranks and static sizes, checked
//! before the call (an `Err` otherwise). Memrefs are lent mutably (the
//! function may write to them) and results are copied out; a result buffer
//! is freed once, and never when it is an argument's or a global's.
//! `tests/jit.rs` runs under valgrind in `make verify`. What the called code
//! does is the program's: JIT-compiled code is native code, and a
//! `memref.load` out of bounds in the IR reads out of bounds in the process,
//! as in any compiled program.
//!
//! ## What is still melior's
//!
//! melior 0.27's own IR API is not sound, and rmlir cannot make it so:
//! `Module::parse` and `Module::new` return a module not bound to the
//! context (use [`crate::parse`] and [`crate::new_module`]); the arguments
//! of an owned `Block` are not bound to it (`Block::argument` picks any
//! lifetime), so an op built on them can outlive the block; an owned
//! `Block` or `Operation` can be dropped while ops elsewhere still use its
//! values; and `OperationRef`s reach any op of the module (up, sideways)
//! and hand out mutable handles from shared ones. rmlir never gives a pass
//! or pattern a melior IR handle. Building IR with melior's blocks and
//! regions (`Block::new`, `append_operation` with
//! [`Built::into_operation`](crate::ops::Built::into_operation)) follows
//! melior's rules: from `into_operation` on, the op no longer borrows its
//! operands. Types, attributes and locations of melior are sound (uniqued,
//! bound to the context).
//!
//! The bridge crate (`rmlir-bridge`), for dialect authors, hands its hooks
//! `Copy` handles of the hook's lifetime; its own notes say what is left
//! to a hook's code there.
