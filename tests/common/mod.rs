//! Helpers shared by the integration tests.

/// A small deterministic PRNG (xorshift64*), so that every run of a test
/// generates the same cases for a given seed.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// A random element of `xs`.
    #[allow(dead_code)]
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

pub mod exec;
pub mod shapes;
pub mod ssa;
pub mod templates;
pub mod upstream;
