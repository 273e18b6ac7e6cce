//! Fusing rankers: each ranker's scores are z-normalised per query (so a
//! ranker's scale does not decide its weight), then added with fitted
//! weights. Equal-weight reciprocal-rank fusion loses to embeddings alone
//! on every canonical set; weights fitted on MetaTool's `train` split do not.

/// Reciprocal-rank fusion with equal weights (`Σ 1 / (k + rank)`), the
/// prototype's baseline in `shared/eval/README.md`, kept to show what the
/// fitted fusion improves on.
pub struct Rrf<'a> {
    pub parts: Vec<&'a dyn super::Ranker>,
    pub k: f64,
}

impl super::Ranker for Rrf<'_> {
    fn name(&self) -> &'static str {
        "rrf"
    }

    fn scores(&self, query: &str) -> Vec<f64> {
        let mut out: Vec<f64> = Vec::new();
        for r in &self.parts {
            let s = r.scores(query);
            out.resize(s.len(), 0.0);
            for (rank, d) in super::top_k(&s, s.len()).into_iter().enumerate() {
                out[d] += 1.0 / (self.k + rank as f64 + 1.0);
            }
        }
        out
    }
}

/// Subtracts the mean and divides by the standard deviation (a constant
/// score vector becomes all zeros: it says nothing).
pub fn z_normalise(scores: &mut [f64]) {
    let n = scores.len() as f64;
    if n == 0.0 {
        return;
    }
    let mean = scores.iter().sum::<f64>() / n;
    let sd = (scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / n).sqrt();
    for s in scores.iter_mut() {
        *s = if sd > 1e-12 { (*s - mean) / sd } else { 0.0 };
    }
}

/// The weighted sum of z-normalised score vectors.
pub fn combine(parts: &[(Vec<f64>, f64)]) -> Vec<f64> {
    let n = parts.first().map_or(0, |(s, _)| s.len());
    let mut out = vec![0.0; n];
    for (scores, w) in parts {
        if *w == 0.0 {
            continue;
        }
        let mut z = scores.clone();
        z_normalise(&mut z);
        for (o, s) in out.iter_mut().zip(z) {
            *o += w * s;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rrf_rewards_agreement() {
        struct Fixed(Vec<f64>);
        impl crate::retrieval::Ranker for Fixed {
            fn name(&self) -> &'static str {
                "fixed"
            }
            fn scores(&self, _: &str) -> Vec<f64> {
                self.0.clone()
            }
        }
        let (a, b) = (Fixed(vec![3.0, 2.0, 1.0]), Fixed(vec![1.0, 3.0, 2.0]));
        let r = Rrf {
            parts: vec![&a, &b],
            k: 60.0,
        };
        let s = crate::retrieval::Ranker::scores(&r, "q");
        assert!(s[1] > s[0] && s[0] > s[2], "{s:?}");
    }

    #[test]
    fn z_normalisation_and_weighting() {
        let mut s = vec![1.0, 2.0, 3.0];
        z_normalise(&mut s);
        assert!((s.iter().sum::<f64>()).abs() < 1e-12);
        assert!(s[2] > s[1] && s[1] > s[0]);
        let mut flat = vec![5.0, 5.0];
        z_normalise(&mut flat);
        assert_eq!(flat, [0.0, 0.0]);
        // A ranker at weight 0 cannot change the order.
        let c = combine(&[(vec![0.0, 1.0], 1.0), (vec![100.0, 0.0], 0.0)]);
        assert!(c[1] > c[0]);
        let c = combine(&[(vec![0.0, 1.0], 1.0), (vec![100.0, 0.0], 2.0)]);
        assert!(c[0] > c[1]);
    }
}
