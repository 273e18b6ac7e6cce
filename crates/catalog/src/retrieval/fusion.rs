//! Fusing rankers: each ranker's scores are z-normalised per query (so a
//! ranker's scale does not decide its weight), then added with fitted
//! weights. Equal-weight reciprocal-rank fusion loses to embeddings alone
//! on every canonical set; weights fitted on MetaTool's `train` split do not.

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
