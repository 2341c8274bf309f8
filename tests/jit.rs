//! The JIT as a user calls it: shape functions lowered with
//! `LOWER_RSHAPE_TO_LLVM` take and return extent tensors as memrefs; every
//! call is checked against the function's signature; a module or library
//! that cannot be compiled or loaded is an `Err` carrying MLIR's
//! diagnostics. (Run under valgrind by `make verify`: results copied out,
//! the function's buffers freed once, arguments' never.)

use rmlir::ErrorKind;
use rmlir::jit::{Arg, Jit, MemRef, OptLevel, Returned, Scalar};
use rmlir::pipeline::{LOWER_RSHAPE_TO_LLVM, LOWER_TO_LLVM, emit_c_interfaces, run};

/// `source`, marked for the JIT, lowered with `pipeline`, compiled.
fn compile(source: &str, pipeline: &str) -> Jit {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, source).expect("parses");
    emit_c_interfaces(&mut module);
    run(&context, &mut module, pipeline).expect("lowers");
    Jit::new(&module, OptLevel::O2, &[]).expect("compiles")
}

fn extents(r: &Returned) -> Vec<i64> {
    r.memref()
        .expect("a memref")
        .elements::<i64>()
        .expect("of i64")
        .to_vec()
}

const SHAPES: &str = "
func.func @broadcast(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %0 = rshape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}
func.func @extent(%a: tensor<?xindex>, %i: index) -> index {
  %0 = rshape.get_extent %a, %i : tensor<?xindex>, index -> index
  return %0 : index
}
func.func @same(%a: tensor<?xindex>) -> tensor<?xindex> {
  return %a : tensor<?xindex>
}
func.func @checked(%a: tensor<?xindex>, %b: tensor<?xindex>) -> (tensor<?xindex>, i1) {
  %ok = rshape.is_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %0 = rshape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %0, %ok : tensor<?xindex>, i1
}
func.func @rank0(%x: index) -> tensor<index> {
  %0 = tensor.from_elements %x : tensor<index>
  return %0 : tensor<index>
}
func.func @fixed(%a: tensor<3xindex>) -> index {
  %c2 = rarith.constant 2 : index
  %0 = tensor.extract %a[%c2] : tensor<3xindex>
  return %0 : index
}
func.func private @hidden(%x: index) -> index {
  return %x : index
}
";

#[test]
fn a_shape_function_returns_an_extent_tensor() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let mut a = MemRef::vector(vec![8i64, 1, 3]);
    let mut b = MemRef::vector(vec![5i64, 1]);
    let out = jit
        .invoke("broadcast", &mut [Arg::from(&mut a), Arg::from(&mut b)])
        .unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(extents(&out[0]), [8, 5, 3]);
    assert_eq!(out[0].memref().unwrap().shape(), &[3]);
    // The arguments are as they were.
    assert_eq!(a.elements::<i64>().unwrap(), &[8, 1, 3]);
}

#[test]
fn empty_extent_tensors_broadcast_to_the_other() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let mut a = MemRef::vector(Vec::<i64>::new());
    let mut b = MemRef::vector(vec![2i64, 7]);
    let out = jit
        .invoke("broadcast", &mut [Arg::from(&mut a), Arg::from(&mut b)])
        .unwrap();
    assert_eq!(extents(&out[0]), [2, 7]);
}

#[test]
fn scalars_and_memrefs_mix() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let mut a = MemRef::vector(vec![4i64, 9, 16]);
    let out = jit
        .invoke("extent", &mut [Arg::from(&mut a), Scalar::I64(1).into()])
        .unwrap();
    assert_eq!(out, [Returned::Scalar(Scalar::I64(9))]);
}

#[test]
fn several_results_come_back_in_order() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let mut a = MemRef::vector(vec![2i64, 3]);
    let mut b = MemRef::vector(vec![3i64]);
    let out = jit
        .invoke("checked", &mut [Arg::from(&mut a), Arg::from(&mut b)])
        .unwrap();
    assert_eq!(extents(&out[0]), [2, 3]);
    assert_eq!(out[1], Returned::Scalar(Scalar::I1(true)));
    let mut c = MemRef::vector(vec![4i64]);
    let out = jit
        .invoke("checked", &mut [Arg::from(&mut a), Arg::from(&mut c)])
        .unwrap();
    assert_eq!(out[1], Returned::Scalar(Scalar::I1(false)));
}

#[test]
fn a_result_that_is_an_argument_is_copied_not_freed() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let mut a = MemRef::vector(vec![6i64, 7]);
    let out = jit.invoke("same", &mut [Arg::from(&mut a)]).unwrap();
    assert_eq!(extents(&out[0]), [6, 7]);
    assert_eq!(a.elements::<i64>().unwrap(), &[6, 7]);
}

#[test]
fn rank_zero_memrefs_hold_one_element() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let out = jit.invoke("rank0", &mut [Scalar::I64(42).into()]).unwrap();
    let m = out[0].memref().unwrap();
    assert!(m.shape().is_empty());
    assert_eq!(m.elements::<i64>().unwrap(), &[42]);
}

#[test]
fn static_dimensions_are_checked() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let mut three = MemRef::vector(vec![1i64, 2, 3]);
    let out = jit.invoke("fixed", &mut [Arg::from(&mut three)]).unwrap();
    assert_eq!(out, [Returned::Scalar(Scalar::I64(3))]);
    let mut two = MemRef::vector(vec![1i64, 2]);
    let e = jit.invoke("fixed", &mut [Arg::from(&mut two)]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Jit);
    assert!(
        e.message().contains(
            "`fixed` has signature (memref<3xi64>) -> (i64); called with (memref<2xi64>)"
        ),
        "{e}"
    );
}

#[test]
fn wrong_arguments_are_errors_not_calls() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let mut floats = MemRef::vector(vec![1.0f64, 2.0]);
    let mut b = MemRef::vector(vec![1i64]);
    let e = jit
        .invoke(
            "broadcast",
            &mut [Arg::from(&mut floats), Arg::from(&mut b)],
        )
        .unwrap_err();
    assert!(
        e.message()
            .contains("called with (memref<2xf64>, memref<1xi64>)"),
        "{e}"
    );
    let mut matrix = MemRef::new(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
    let e = jit
        .invoke(
            "broadcast",
            &mut [Arg::from(&mut matrix), Arg::from(&mut b)],
        )
        .unwrap_err();
    assert!(e.message().contains("memref<2x2xi64>"), "{e}");
    let e = jit
        .invoke("broadcast", &mut [Arg::from(&mut b)])
        .unwrap_err();
    assert!(
        e.message()
            .contains("(memref<?xi64>, memref<?xi64>) -> (memref<?xi64>)"),
        "{e}"
    );
    let e = jit
        .invoke(
            "extent",
            &mut [Scalar::I64(1).into(), Scalar::I64(1).into()],
        )
        .unwrap_err();
    assert!(e.message().contains("called with (i64, i64)"), "{e}");
    // `call` is for scalar signatures; its result kind is checked too.
    let e = jit
        .call("extent", &[Scalar::I64(1)], Some(Scalar::I64(0)))
        .unwrap_err();
    assert!(e.message().contains("called with (i64)"), "{e}");
}

#[test]
fn private_and_unknown_functions_are_named() {
    let jit = compile(SHAPES, LOWER_RSHAPE_TO_LLVM);
    let e = jit
        .invoke("hidden", &mut [Scalar::I64(1).into()])
        .unwrap_err();
    assert!(e.message().contains("`hidden` is private"), "{e}");
    let e = jit.invoke("nowhere", &mut []).unwrap_err();
    assert!(e.message().contains("no function `nowhere`"), "{e}");
}

#[test]
fn a_function_without_c_interface_names_the_attribute() {
    let context = rmlir::new_context();
    let mut module =
        rmlir::parse(&context, "func.func @f(%x: i32) -> i32 { return %x : i32 }").unwrap();
    run(&context, &mut module, LOWER_TO_LLVM).unwrap();
    let jit = Jit::new(&module, OptLevel::O0, &[]).unwrap();
    let e = jit
        .call("f", &[Scalar::I32(1)], Some(Scalar::I32(0)))
        .unwrap_err();
    assert!(
        e.message()
            .contains("`f` has no C interface: mark it `llvm.emit_c_interface` before lowering"),
        "{e}"
    );
}

#[test]
fn lower_to_llvm_fails_on_rshape_ops_and_names_them() {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, SHAPES).unwrap();
    let e = run(&context, &mut module, LOWER_TO_LLVM).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Pipeline);
    assert!(
        e.diagnostics()
            .iter()
            .any(|d| d.contains("was not lowered to the LLVM dialect")),
        "{e:?}"
    );
}

#[test]
fn a_module_that_is_not_llvm_does_not_compile_and_says_why() {
    let context = rmlir::new_context();
    let module = rmlir::parse(&context, SHAPES).unwrap();
    let e = Jit::new(&module, OptLevel::O0, &[]).err().expect("no JIT");
    assert_eq!(e.kind(), ErrorKind::Jit);
    assert!(!e.diagnostics().is_empty(), "{e:?}");
    assert!(
        e.diagnostics().iter().any(|d| d.contains("func.func")),
        "{:?}",
        e.diagnostics()
    );
}

#[test]
fn a_missing_shared_library_is_an_error() {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, "func.func @f() { return }").unwrap();
    emit_c_interfaces(&mut module);
    run(&context, &mut module, LOWER_TO_LLVM).unwrap();
    let e = Jit::new(&module, OptLevel::O2, &["/no/such/libruntime.so"])
        .err()
        .expect("no JIT");
    assert_eq!(e.kind(), ErrorKind::Jit);
    assert!(
        e.message()
            .contains("shared library `/no/such/libruntime.so` does not exist"),
        "{e}"
    );
}

#[test]
fn every_opt_level_compiles_the_same_function() {
    for opt in [OptLevel::O0, OptLevel::O1, OptLevel::O2, OptLevel::O3] {
        let context = rmlir::new_context();
        let mut module = rmlir::parse(&context, SHAPES).unwrap();
        emit_c_interfaces(&mut module);
        run(&context, &mut module, LOWER_RSHAPE_TO_LLVM).unwrap();
        let jit = Jit::new(&module, opt, &[]).unwrap();
        let mut a = MemRef::vector(vec![3i64, 1]);
        let mut b = MemRef::vector(vec![4i64]);
        let out = jit
            .invoke("broadcast", &mut [Arg::from(&mut a), Arg::from(&mut b)])
            .unwrap();
        assert_eq!(extents(&out[0]), [3, 4], "{opt:?}");
    }
}

#[test]
fn a_memref_argument_may_be_written() {
    let jit = compile(
        "func.func @double(%m: memref<2x3xf32>) {
           %c0 = rarith.constant 0 : index
           %c1 = rarith.constant 1 : index
           %c2 = rarith.constant 2 : index
           %c3 = rarith.constant 3 : index
           scf.for %i = %c0 to %c2 step %c1 {
             scf.for %j = %c0 to %c3 step %c1 {
               %x = memref.load %m[%i, %j] : memref<2x3xf32>
               %y = rarith.addf %x, %x : f32
               memref.store %y, %m[%i, %j] : memref<2x3xf32>
             }
           }
           return
         }",
        LOWER_RSHAPE_TO_LLVM,
    );
    let mut m = MemRef::new(vec![1.0f32, -2.0, 0.5, -0.0, 3.0, f32::INFINITY], &[2, 3]).unwrap();
    let out = jit.invoke("double", &mut [Arg::from(&mut m)]).unwrap();
    assert!(out.is_empty());
    let got = m.elements::<f32>().unwrap();
    assert_eq!(got[..5], [2.0, -4.0, 1.0, -0.0, 6.0]);
    assert!(got[3].is_sign_negative());
    assert_eq!(got[5], f32::INFINITY);
}
