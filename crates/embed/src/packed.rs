//! A linear layer whose weights are laid out once, at load, for the
//! products an embedding makes: a few dozen token rows times a 384 × 384 or
//! 384 × 1536 matrix.
//!
//! A general matrix kernel packs the weight matrix into cache-sized panels
//! on every product. With so few rows, that packing costs more than half
//! as much as the arithmetic (a profiled two-clause pick: 16 % packing,
//! 27 % kernel). Here the panels are made once: `NR` output columns at a time,
//! each panel holding its columns' weights input by input, so a product
//! reads each panel straight through for every block of `MR` rows while it
//! sits in cache.
//!
//! On x86-64 the kernel is compiled for AVX-512 and for AVX2 with FMA, and
//! the best the processor has is chosen at run time (through `pulp`, so no
//! unsafe code here); elsewhere the same loop runs with separate
//! multiplies and adds, as the baseline target allows. Both vector kernels
//! add each output's products in the same order with the same fused
//! multiply-adds, so they give the same bits: which one ran never changes
//! a ranking.

/// Output columns per panel: two AVX2 registers, one AVX-512 register.
const NR: usize = 16;
/// Rows per block with AVX2: 4 × 2 accumulators leave registers for the
/// weights.
const MR: usize = 4;
/// Rows per block with AVX-512: eight independent sums keep both of a
/// core's fused multiply-add units busy (four would wait on each other).
#[cfg(target_arch = "x86_64")]
const MR_512: usize = 8;

/// `y = x · Wᵀ + b` for row-major `x` of `inp` columns.
pub struct PackedLinear {
    inp: usize,
    out: usize,
    /// `[out.div_ceil(NR)][inp][NR]`, zero past `out`.
    panels: Vec<[f32; NR]>,
    bias: Vec<f32>,
}

impl PackedLinear {
    /// From a weight matrix stored `[out, inp]` row-major (as PyTorch and
    /// safetensors keep it) and its bias. `None` when the lengths disagree.
    pub fn new(w: &[f32], out: usize, inp: usize, bias: Vec<f32>) -> Option<PackedLinear> {
        if w.len() != out.checked_mul(inp)? || bias.len() != out {
            return None;
        }
        let mut panels = vec![[0f32; NR]; out.div_ceil(NR) * inp];
        for (o, row) in w.chunks_exact(inp.max(1)).enumerate() {
            let (p, j) = (o / NR, o % NR);
            for (k, &v) in row.iter().enumerate() {
                panels[p * inp + k][j] = v;
            }
        }
        Some(PackedLinear {
            inp,
            out,
            panels,
            bias,
        })
    }

    /// Output columns.
    pub fn out(&self) -> usize {
        self.out
    }

    /// The product for `x` of `x.len() / inp` rows, row-major; a partial
    /// last row is ignored.
    pub fn forward(&self, x: &[f32]) -> Vec<f32> {
        let rows = x.len().checked_div(self.inp).unwrap_or(0);
        let mut y = vec![0f32; rows * self.out];
        #[cfg(target_arch = "x86_64")]
        if let Some(simd) = pulp::x86::V4::try_new() {
            simd.vectorize(|| {
                self.product::<MR_512, _>(x, rows, &mut y, |acc, xs, panel| {
                    avx512::block(simd, acc, xs, panel)
                })
            });
            return y;
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(simd) = pulp::x86::V3::try_new() {
            simd.vectorize(|| {
                self.product::<MR, _>(x, rows, &mut y, |acc, xs, panel| {
                    fma::block(simd, acc, xs, panel)
                })
            });
            return y;
        }
        self.product::<MR, _>(x, rows, &mut y, plain_block);
        y
    }

    /// Every panel against every block of `M` rows, `block` doing the sums.
    /// Inlined into the caller so that it is compiled with the caller's
    /// target features.
    #[inline(always)]
    fn product<const M: usize, B>(&self, x: &[f32], rows: usize, y: &mut [f32], block: B)
    where
        B: Fn(&mut [[f32; NR]], &[&[f32]], &[[f32; NR]]),
    {
        let inp = self.inp;
        if inp == 0 {
            return;
        }
        for (p, panel) in self.panels.chunks_exact(inp).enumerate() {
            let col = p * NR;
            let width = NR.min(self.out - col);
            for r0 in (0..rows).step_by(M) {
                let n = M.min(rows - r0);
                let xs: [&[f32]; M] = std::array::from_fn(|i| {
                    x.get((r0 + i) * inp..(r0 + i + 1) * inp).unwrap_or(&[])
                });
                let mut acc = [[0f32; NR]; M];
                for row in &mut acc[..n] {
                    row[..width].copy_from_slice(&self.bias[col..col + width]);
                }
                block(&mut acc[..n], &xs[..n], panel);
                for (i, row) in acc[..n].iter().enumerate() {
                    y[(r0 + i) * self.out + col..][..width].copy_from_slice(&row[..width]);
                }
            }
        }
    }
}

/// `acc[i] += Σ_k xs[i][k] · panel[k]`, one multiply and one add at a time.
fn plain_block(acc: &mut [[f32; NR]], xs: &[&[f32]], panel: &[[f32; NR]]) {
    for (row, xr) in acc.iter_mut().zip(xs) {
        for (&a, w) in xr.iter().zip(panel) {
            for (c, &wj) in row.iter_mut().zip(w) {
                *c += a * wj;
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod fma {
    use pulp::x86::V3;
    use pulp::{cast, f32x8};

    use super::{MR, NR};

    /// [`super::plain_block`] with AVX2 fused multiply-adds: each row's 16
    /// sums in two registers, up to four rows at once.
    #[inline(always)]
    pub(super) fn block(simd: V3, acc: &mut [[f32; NR]], xs: &[&[f32]], panel: &[[f32; NR]]) {
        match acc.len() {
            MR => rows::<MR>(simd, acc, xs, panel),
            3 => rows::<3>(simd, acc, xs, panel),
            2 => rows::<2>(simd, acc, xs, panel),
            1 => rows::<1>(simd, acc, xs, panel),
            _ => super::plain_block(acc, xs, panel),
        }
    }

    #[inline(always)]
    fn rows<const R: usize>(simd: V3, acc: &mut [[f32; NR]], xs: &[&[f32]], panel: &[[f32; NR]]) {
        let mut regs: [[f32x8; 2]; R] = std::array::from_fn(|i| cast(acc[i]));
        let xs: [&[f32]; R] = std::array::from_fn(|i| &xs[i][..panel.len()]);
        for (k, w) in panel.iter().enumerate() {
            let [w0, w1]: [f32x8; 2] = cast(*w);
            for (reg, xr) in regs.iter_mut().zip(xs) {
                let a = simd.splat_f32x8(xr[k]);
                reg[0] = simd.mul_add_f32x8(a, w0, reg[0]);
                reg[1] = simd.mul_add_f32x8(a, w1, reg[1]);
            }
        }
        for (row, reg) in acc.iter_mut().zip(regs) {
            *row = cast(reg);
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use pulp::x86::V4;
    use pulp::{cast, f32x16};

    use super::{MR_512, NR};

    /// [`super::plain_block`] with AVX-512 fused multiply-adds: each row's
    /// 16 sums in one register, up to eight rows at once.
    #[inline(always)]
    pub(super) fn block(simd: V4, acc: &mut [[f32; NR]], xs: &[&[f32]], panel: &[[f32; NR]]) {
        match acc.len() {
            MR_512 => rows::<MR_512>(simd, acc, xs, panel),
            7 => rows::<7>(simd, acc, xs, panel),
            6 => rows::<6>(simd, acc, xs, panel),
            5 => rows::<5>(simd, acc, xs, panel),
            4 => rows::<4>(simd, acc, xs, panel),
            3 => rows::<3>(simd, acc, xs, panel),
            2 => rows::<2>(simd, acc, xs, panel),
            1 => rows::<1>(simd, acc, xs, panel),
            _ => super::plain_block(acc, xs, panel),
        }
    }

    #[inline(always)]
    fn rows<const R: usize>(simd: V4, acc: &mut [[f32; NR]], xs: &[&[f32]], panel: &[[f32; NR]]) {
        let mut regs: [f32x16; R] = std::array::from_fn(|i| cast(acc[i]));
        let xs: [&[f32]; R] = std::array::from_fn(|i| &xs[i][..panel.len()]);
        for (k, w) in panel.iter().enumerate() {
            let w: f32x16 = cast(*w);
            for (reg, xr) in regs.iter_mut().zip(xs) {
                *reg = simd.mul_add_f32x16(simd.splat_f32x16(xr[k]), w, *reg);
            }
        }
        for (row, reg) in acc.iter_mut().zip(regs) {
            *row = cast(reg);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PackedLinear;

    /// A reproducible spread of values in [-1, 1).
    fn values(n: usize, seed: u32) -> Vec<f32> {
        let mut s = seed.wrapping_mul(2_654_435_761).max(1);
        (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 17;
                s ^= s << 5;
                (s % 2000) as f32 / 1000.0 - 1.0
            })
            .collect()
    }

    /// The product summed in f64, the straightforward way.
    fn reference(x: &[f32], w: &[f32], b: &[f32], inp: usize, out: usize) -> Vec<f64> {
        let rows = x.len() / inp;
        let mut y = vec![0f64; rows * out];
        for r in 0..rows {
            for o in 0..out {
                y[r * out + o] = f64::from(b[o])
                    + (0..inp)
                        .map(|k| f64::from(x[r * inp + k]) * f64::from(w[o * inp + k]))
                        .sum::<f64>();
            }
        }
        y
    }

    fn check(rows: usize, inp: usize, out: usize) {
        let (w, b, x) = (values(out * inp, 1), values(out, 2), values(rows * inp, 3));
        let lin = PackedLinear::new(&w, out, inp, b.clone()).unwrap();
        let want = reference(&x, &w, &b, inp, out);
        let got = lin.forward(&x);
        assert_eq!(got.len(), rows * out);
        let mut plain = vec![0f32; rows * out];
        lin.product::<{ super::MR }, _>(&x, rows, &mut plain, super::plain_block);
        for (i, (&g, &want)) in got.iter().zip(&want).enumerate() {
            // Sums of `inp` products of terms below 1: f32 rounding grows
            // with the length.
            let tol = 1e-5 * inp as f64;
            assert!(
                (f64::from(g) - want).abs() < tol,
                "{rows}x{inp}x{out} [{i}]: {g} vs {want}"
            );
            assert!((f64::from(plain[i]) - want).abs() < tol, "plain [{i}]");
        }
    }

    #[test]
    fn agrees_with_the_plain_product_at_every_shape_edge() {
        for rows in [0, 1, 2, 3, 4, 5, 7, 8, 9, 33] {
            for (inp, out) in [(1, 1), (3, 5), (16, 16), (17, 31), (384, 384), (40, 1536)] {
                check(rows, inp, out);
            }
        }
        check(6, 1536, 384);
    }

    /// Whichever vector kernel the processor picks, the embedding is the
    /// same to the bit (on a processor without both, there is nothing to
    /// compare, and the test says so).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx512_and_avx2_kernels_give_the_same_bits() {
        use super::{MR, MR_512, avx512, fma};
        let (Some(v4), Some(v3)) = (pulp::x86::V4::try_new(), pulp::x86::V3::try_new()) else {
            eprintln!("skipped: this processor lacks AVX-512 or AVX2");
            return;
        };
        for rows in [1, 3, 4, 7, 8, 9, 33] {
            for (inp, out) in [(17, 31), (384, 384), (40, 1536)] {
                let (w, b, x) = (values(out * inp, 4), values(out, 5), values(rows * inp, 6));
                let lin = PackedLinear::new(&w, out, inp, b).unwrap();
                let mut wide = vec![0f32; rows * out];
                v4.vectorize(|| {
                    lin.product::<MR_512, _>(&x, rows, &mut wide, |acc, xs, p| {
                        avx512::block(v4, acc, xs, p)
                    })
                });
                let mut narrow = vec![0f32; rows * out];
                v3.vectorize(|| {
                    lin.product::<MR, _>(&x, rows, &mut narrow, |acc, xs, p| {
                        fma::block(v3, acc, xs, p)
                    })
                });
                let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&wide), bits(&narrow), "{rows}x{inp}x{out}");
                assert_eq!(bits(&lin.forward(&x)), bits(&wide));
            }
        }
    }

    #[test]
    fn refuses_mismatched_shapes_and_survives_odd_input() {
        assert!(PackedLinear::new(&[0.0; 6], 2, 2, vec![0.0; 2]).is_none());
        assert!(PackedLinear::new(&[0.0; 4], 2, 2, vec![0.0; 3]).is_none());
        assert!(PackedLinear::new(&[], usize::MAX, 2, vec![]).is_none());
        let lin = PackedLinear::new(&[1.0, 2.0, 3.0, 4.0], 2, 2, vec![0.5, -0.5]).unwrap();
        assert_eq!(lin.forward(&[1.0, 1.0]), [3.5, 6.5]);
        // A partial last row is ignored; no input is no output.
        assert_eq!(lin.forward(&[1.0, 1.0, 9.0]), [3.5, 6.5]);
        assert!(lin.forward(&[]).is_empty());
        let empty = PackedLinear::new(&[], 2, 0, vec![1.0, 2.0]).unwrap();
        assert!(empty.forward(&[]).is_empty());
    }
}
