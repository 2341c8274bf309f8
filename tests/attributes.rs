//! The bridge's attribute helpers: integers of any width as words and floats
//! of any float type as bit patterns survive the trip through MLIR unchanged.

use rmlir::ffi::ir::{Attr, Context};
use rmlir::ods::rarith::{FastMathFlags, IntegerOverflowFlags};
use rmlir::semantics::ApInt;

fn ctx(context: &melior::Context) -> Context<'_> {
    Context::from_melior(context)
}

#[test]
fn integers_of_every_width_round_trip_through_attributes() {
    let context = rmlir::new_context();
    let c = ctx(&context);
    for width in [1u32, 7, 8, 17, 63, 64, 65, 127, 128, 129, 200, 256, 512] {
        let ty = c.integer_type(width);
        for value in [
            ApInt::zero(width),
            ApInt::all_ones(width),
            ApInt::from_i64(width, -2),
            ApInt::from_u64(width, 0x5555_5555_5555_5555),
            ApInt::from_words(width, &[u64::MAX, 1, 2, 3, 4, 5, 6, 7]),
        ] {
            let attr = Attr::int(ty, &value);
            assert_eq!(attr.as_int(), Some(value.clone()), "i{width}");
            assert_eq!(attr.ty(), Some(ty));
        }
    }
    let index = c.index_type();
    let v = ApInt::from_i64(64, -9);
    assert_eq!(Attr::int(index, &v).as_int(), Some(v));
    // A value narrower than its type is zero-extended, a wider one
    // truncated, on the one-word path as on the word-by-word one.
    let i16t = c.integer_type(16);
    let i80t = c.integer_type(80);
    let minus_one = ApInt::from_i64(8, -1);
    assert_eq!(
        Attr::int(i16t, &minus_one).as_int(),
        Some(ApInt::from_u64(16, 0xff))
    );
    assert_eq!(
        Attr::int(i80t, &minus_one).as_int(),
        Some(ApInt::from_u64(80, 0xff))
    );
    let wide = ApInt::from_u64(32, 0x1_2345);
    assert_eq!(
        Attr::int(i16t, &wide).as_int(),
        Some(ApInt::from_u64(16, 0x2345))
    );
}

#[test]
fn floats_of_every_type_round_trip_as_bit_patterns() {
    let context = rmlir::new_context();
    let c = ctx(&context);
    // (type, width, bit patterns: +0, -0, a NaN with payload, +inf, smallest
    // subnormal, 1.0 where simple)
    let cases: &[(&str, u32, &[&[u64]])] = &[
        (
            "f16",
            16,
            &[
                &[0x0000],
                &[0x8000],
                &[0x7e01],
                &[0x7c00],
                &[0x0001],
                &[0x3c00],
            ],
        ),
        (
            "bf16",
            16,
            &[
                &[0x0000],
                &[0x8000],
                &[0x7fc1],
                &[0x7f80],
                &[0x0001],
                &[0x3f80],
            ],
        ),
        (
            "f32",
            32,
            &[
                &[0],
                &[0x8000_0000],
                &[0x7fc0_1234],
                &[0x7f80_0000],
                &[1],
                &[0x3f80_0000],
            ],
        ),
        (
            "f64",
            64,
            &[
                &[0],
                &[1 << 63],
                &[0x7ff8_0000_dead_beef],
                &[0x7ff0 << 48],
                &[1],
                &[0x3ff0 << 48],
            ],
        ),
        (
            "f80",
            80,
            &[
                &[0, 0],
                &[0, 0x8000],
                &[0xc000_0000_0000_1234, 0x7fff],
                &[1 << 63, 0x7fff],
                &[1, 0],
            ],
        ),
        (
            "f128",
            128,
            &[
                &[0, 0],
                &[0, 1 << 63],
                &[1, 0x7fff_8000_0000_0000],
                &[0, 0x7fff << 48],
                &[1, 0],
            ],
        ),
        (
            "f8E5M2",
            8,
            &[&[0x00], &[0x80], &[0x7f], &[0x7c], &[0x01], &[0x3c]],
        ),
        (
            "f8E4M3FN",
            8,
            &[&[0x00], &[0x80], &[0x7f], &[0x01], &[0x38]],
        ),
    ];
    for (name, width, patterns) in cases {
        let ty = c.parse_type(name).unwrap_or_else(|| panic!("type {name}"));
        for words in *patterns {
            let bits = ApInt::from_words(*width, words);
            let attr = Attr::float_from_bits(ty, &bits);
            assert_eq!(
                attr.as_float_bits(),
                Some(bits.clone()),
                "{name} {words:x?}"
            );
        }
    }
}

#[test]
fn dense_elements_round_trip_element_by_element() {
    let context = rmlir::new_context();
    let c = ctx(&context);
    let i128t = c.integer_type(128);
    let ty = c.ranked_tensor(&[3], i128t);
    let values = [
        ApInt::from_i64(128, -1),
        ApInt::from_words(128, &[0, 1]),
        ApInt::from_u64(128, 7),
    ];
    let attr = Attr::dense_ints(ty, &values);
    for (i, v) in values.iter().enumerate() {
        assert_eq!(attr.dense_int_at(i).as_ref(), Some(v));
    }
    let splat = Attr::dense_ints(ty, &[ApInt::from_u64(128, 9)]);
    assert!(splat.is_splat());
    assert_eq!(splat.dense_int_at(2), Some(ApInt::from_u64(128, 9)));
    assert_eq!(
        Attr::index_tensor(c, &[2, i64::MIN, 0]).as_i64_elements(),
        Some(vec![2, i64::MIN, 0])
    );
    assert_eq!(Attr::index_tensor(c, &[]).as_i64_elements(), Some(vec![]));
}

#[test]
fn enum_attributes_are_read_and_built_generically() {
    let context = rmlir::new_context();
    let c = ctx(&context);
    let flags = c
        .enum_attr(IntegerOverflowFlags::ATTR_NAME, 3)
        .expect("overflow attr");
    assert_eq!(IntegerOverflowFlags::ATTR_NAME, "arith.overflow");
    assert_eq!(flags.enum_value(), Some(3));
    let fm = c
        .enum_attr(FastMathFlags::ATTR_NAME, 127)
        .expect("fastmath attr");
    assert_eq!(FastMathFlags::ATTR_NAME, "arith.fastmath");
    assert_eq!(fm.enum_value(), Some(127));
    assert!(c.enum_attr("rarith.nonexistent", 0).is_none());
}

#[test]
fn our_types_are_recognised_without_parsing_or_printing() {
    let context = rmlir::new_context();
    let c = ctx(&context);
    for name in ["shape", "size", "value_shape", "witness"] {
        let ty = c
            .parse_type(&format!("!rshape.{name}"))
            .expect("rshape type");
        assert_eq!(ty.ods_name(), format!("rshape.{name}"));
    }
    assert_eq!(c.index_type().ods_name(), "");
}

#[test]
fn attributes_of_the_wrong_kind_of_type_are_refused_not_built() {
    let context = rmlir::new_context();
    let c = ctx(&context);
    let i32t = c.integer_type(32);
    let f32t = c.parse_type("f32").expect("f32");
    let refused =
        |build: &dyn Fn()| std::panic::catch_unwind(std::panic::AssertUnwindSafe(build)).is_err();
    // A float attribute of an integer type, an integer one of a float type.
    assert!(refused(&|| {
        Attr::float_from_bits(i32t, &ApInt::from_u64(32, 0));
    }));
    assert!(refused(&|| {
        Attr::int(f32t, &ApInt::from_u64(32, 0));
    }));
    // Dense elements need a shaped type, and one value per element of its
    // static shape, or one value (a splat, of any shape, as upstream's own
    // rewrites build them).
    let one = [ApInt::from_u64(32, 1)];
    assert!(refused(&|| {
        Attr::dense_ints(i32t, &one);
    }));
    let dynamic = c.parse_type("tensor<?xi32>").expect("type");
    let three = [one[0].clone(), one[0].clone(), one[0].clone()];
    assert!(refused(&|| {
        Attr::dense_ints(dynamic, &three);
    }));
    assert!(!refused(&|| {
        Attr::dense_ints(dynamic, &one);
    }));
    let two = c.parse_type("tensor<2xi32>").expect("type");
    assert!(refused(&|| {
        Attr::dense_ints(two, &three);
    }));
    assert!(!refused(&|| {
        Attr::dense_ints(two, &one);
    }));
}

#[test]
fn enum_attributes_need_their_dialect_in_the_context() {
    // Loaded where rmlir's dialects are (their enum attributes registered
    // with the bridge), refused in a bare context.
    let context = rmlir::new_context();
    let flags = IntegerOverflowFlags::NSW.bits().into();
    let name = IntegerOverflowFlags::ATTR_NAME;
    assert!(ctx(&context).enum_attr(name, flags).is_some());
    let bare = melior::Context::new();
    assert!(ctx(&bare).enum_attr(name, flags).is_none());
}

#[test]
fn zero_width_integers_build_dense_elements() {
    let context = rmlir::new_context();
    let c = ctx(&context);
    let ty = c.parse_type("vector<3xi0>").expect("type");
    let zero = ApInt::zero(0);
    let splat = Attr::dense_ints(ty, std::slice::from_ref(&zero));
    assert_eq!(splat.ty(), Some(ty));
    let each = Attr::dense_ints(ty, &[zero.clone(), zero.clone(), zero.clone()]);
    assert_eq!(each, splat);
    let i0 = c.integer_type(0);
    assert_eq!(Attr::int(i0, &zero).as_int(), Some(zero));
}

/// What a pass builds from plain values (integers, float bits, splats, i64
/// arrays), checked against its value and type: within a Rust pass the
/// bridge remembers the attributes it built (by type and value), so each
/// case is built several times, interleaved with more cases than the memo
/// holds, and must come back with its own value and type every time, the
/// same (uniqued) attribute as one built outside any pass.
fn build_every_memoized_case<'c>(c: Context<'c>) -> Vec<(String, Attr<'c>)> {
    let mut out = Vec::new();
    let vector = |dims: &[i64], element| c.vector_type(dims, element).expect("vector");
    let integers = [1u32, 8, 32, 64].map(|w| c.integer_type(w));
    for ty in integers.into_iter().chain([c.index_type()]) {
        let width = ty.int_width().unwrap_or(64);
        // 1 << 40 truncates to 0 below 41 bits: the same attribute as 0.
        for value in [0u64, 1, 2, u64::MAX, 1 << 40] {
            let v = ApInt::from_u64(64, value).trunc(width);
            let splat_ty = vector(&[4], ty);
            out.push((format!("int {width} {value}"), Attr::int(ty, &v)));
            out.push((
                format!("splat {width} {value}"),
                Attr::dense_ints(splat_ty, std::slice::from_ref(&v)),
            ));
            out.push((
                format!("splat-of {width} {value}"),
                Attr::splat(splat_ty, Attr::int(ty, &v)),
            ));
        }
    }
    for (name, bits) in [
        ("f16", vec![0u64, 0x8000, 0x3c00, 0x7e00, 0x7e01]),
        ("bf16", vec![0, 0x8000, 0x3f80, 0x7fc0]),
        (
            "f32",
            vec![0, 0x8000_0000, 0x3f80_0000, 0x7fc0_0000, 0x7fc0_0001],
        ),
        (
            "f64",
            vec![0, 1 << 63, 0x3ff0_0000_0000_0000, 0x7ff8_0000_0000_0000],
        ),
    ] {
        let ty = c.parse_type(name).expect("float type");
        let width = rmlir::ffi::ir::float_width(ty).expect("float width");
        for b in bits {
            let value = ApInt::from_u64(width, b);
            out.push((
                format!("float {name} {b:#x}"),
                Attr::float_from_bits(ty, &value),
            ));
        }
    }
    // Formats wider than one word: two words of bits, which differ in the
    // high word alone (1.0 against 2.0, 0.0 against -0.0).
    for (name, words) in [
        (
            "f128",
            vec![
                [0u64, 0],
                [0, 1 << 63],
                [0, 0x3fff << 48],
                [0, 0x4000 << 48],
            ],
        ),
        (
            "f80",
            vec![[0, 0], [0, 0x8000], [1 << 63, 0x3fff], [1 << 63, 0x4000]],
        ),
    ] {
        let ty = c.parse_type(name).expect("float type");
        let width = rmlir::ffi::ir::float_width(ty).expect("float width");
        for w in words {
            let value = ApInt::from_words(width, &w);
            out.push((
                format!("float {name} {:#x}:{:#x}", w[1], w[0]),
                Attr::float_from_bits(ty, &value),
            ));
        }
    }
    for values in [
        &[0i64][..],
        &[1],
        &[0, 1],
        &[1, 0],
        &[0, 1, 2],
        &[0, 1, 2, 3],
        &[],
        &[-1],
    ] {
        out.push((format!("array {values:?}"), c.dense_i64_array(values)));
    }
    out
}

/// Each case built: its name, its text and the attribute's address.
type Built = Vec<(String, String, usize)>;

/// The cases of [`build_every_memoized_case`] in `c`, as compared.
fn build_and_record(c: Context<'_>) -> Built {
    build_every_memoized_case(c)
        .into_iter()
        .map(|(case, attr)| (case, attr.to_string_lossy(), attr.raw().ptr as usize))
        .collect()
}

#[test]
fn attributes_built_in_a_pass_keep_their_value_and_are_the_uniqued_ones() {
    use std::sync::{Arc, Mutex};
    let seen: Arc<Mutex<Vec<Built>>> = Arc::default();
    let log = Arc::clone(&seen);
    rmlir::pipeline::register_pass("test-attribute-memo", "builds attributes", move |scope| {
        let c = ctx(scope.context());
        // Three rounds: the first fills the memo (evicting), the others
        // hit or miss it; every round must agree with the first.
        for _ in 0..3 {
            log.lock().unwrap().push(build_and_record(c));
        }
        Ok(())
    })
    .unwrap();
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, "func.func @f() { return }").unwrap();
    rmlir::pipeline::run(&context, &mut module, "builtin.module(test-attribute-memo)").unwrap();
    // Outside any pass: MLIR's uniquer alone.
    let outside = build_and_record(ctx(&context));
    let rounds = seen.lock().unwrap();
    assert_eq!(rounds.len(), 3);
    for round in rounds.iter() {
        assert_eq!(round, &outside);
    }
    // Distinct values stay distinct attributes (-0.0 is not 0.0, NaN
    // payloads differ, i32 0 is not index 0), and `dense<x>` and the splat
    // of `x` are one attribute.
    let text = |case: &str| {
        let found = outside.iter().find(|(c, _, _)| c == case);
        found.map(|(_, text, _)| text.clone()).expect(case)
    };
    assert_ne!(text("float f32 0x0"), text("float f32 0x80000000"));
    assert_ne!(text("float f32 0x7fc00000"), text("float f32 0x7fc00001"));
    assert_ne!(text("int 32 0"), text("int 64 0"));
    assert_eq!(text("int 32 1"), "1 : i32");
    assert_eq!(text("int 8 18446744073709551615"), "-1 : i8");
    assert_eq!(text("splat 64 2"), "dense<2> : vector<4xi64>");
    assert_eq!(text("splat 32 2"), text("splat-of 32 2"));
    assert_eq!(text("array [0, 1]"), "array<i64: 0, 1>");
    assert_ne!(text("array [0, 1]"), text("array [1, 0]"));
    assert_eq!(text("array [0, 1, 2, 3]"), "array<i64: 0, 1, 2, 3>");
    assert_eq!(
        text("float f128 0x3fff000000000000:0x0"),
        "1.000000e+00 : f128"
    );
    assert_eq!(
        text("float f128 0x4000000000000000:0x0"),
        "2.000000e+00 : f128"
    );
    assert_ne!(
        text("float f128 0x0:0x0"),
        text("float f128 0x8000000000000000:0x0")
    );
    assert_eq!(
        text("float f80 0x3fff:0x8000000000000000"),
        "1.000000e+00 : f80"
    );
    assert_ne!(text("float f80 0x0:0x0"), text("float f80 0x8000:0x0"));
}

#[test]
fn a_splat_of_another_element_type_is_refused_not_built() {
    let context = rmlir::new_context();
    let c = ctx(&context);
    let v4i32 = c.vector_type(&[4], c.integer_type(32)).unwrap();
    let i64_one = Attr::int(c.integer_type(64), &ApInt::from_u64(64, 1));
    let f32_one = Attr::float_from_bits(
        c.parse_type("f32").unwrap(),
        &ApInt::from_u64(32, 0x3f80_0000),
    );
    for element in [i64_one, f32_one, c.dense_i64_array(&[1])] {
        let built = std::panic::catch_unwind(|| Attr::splat(v4i32, element));
        assert!(built.is_err(), "{}", element.to_string_lossy());
    }
    let i32_one = Attr::int(c.integer_type(32), &ApInt::from_u64(32, 1));
    assert_eq!(
        Attr::splat(v4i32, i32_one).to_string_lossy(),
        "dense<1> : vector<4xi32>"
    );
}
