//! The enums of our dialects (predicates, rounding modes, fast-math and
//! overflow flags), generated from ODS by `build.rs`: one source of truth
//! for their cases, numbering and spelling. Plain Rust; the typed layer
//! (`crate::ods`) re-exports them next to the ops that hold them.

pub use rmlir_bridge::semantics::float::Rounding;

include!(concat!(env!("OUT_DIR"), "/ods_enums.rs"));

impl From<rarith::RoundingMode> for Rounding {
    fn from(mode: rarith::RoundingMode) -> Rounding {
        match mode {
            rarith::RoundingMode::ToNearestEven => Rounding::ToNearestEven,
            rarith::RoundingMode::Downward => Rounding::Downward,
            rarith::RoundingMode::Upward => Rounding::Upward,
            rarith::RoundingMode::TowardZero => Rounding::TowardZero,
            rarith::RoundingMode::ToNearestAway => Rounding::ToNearestAway,
        }
    }
}
