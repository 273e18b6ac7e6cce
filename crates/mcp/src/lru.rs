//! A small least-recently-used map from conversation keys to state: the
//! tool accumulator and the per-conversation loop guard both forget the
//! conversation touched longest ago once the cap is reached.

use std::collections::HashMap;

#[derive(Debug)]
pub struct Lru<V> {
    cap: usize,
    tick: u64,
    map: HashMap<String, (u64, V)>,
}

impl<V: Default> Lru<V> {
    pub fn new(cap: usize) -> Lru<V> {
        Lru {
            cap: cap.max(1),
            tick: 0,
            map: HashMap::new(),
        }
    }

    /// The entry for `key`, made when missing (evicting the least recent
    /// one at the cap), marked as the most recent.
    pub fn touch(&mut self, key: &str) -> &mut V {
        self.tick += 1;
        let tick = self.tick;
        if !self.map.contains_key(key) && self.map.len() >= self.cap {
            let oldest = self
                .map
                .iter()
                .min_by_key(|(_, (t, _))| *t)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                self.map.remove(&k);
            }
        }
        let entry = self
            .map
            .entry(key.to_owned())
            .or_insert_with(|| (tick, V::default()));
        entry.0 = tick;
        &mut entry.1
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_touched_goes_first() {
        let mut l: Lru<u32> = Lru::new(2);
        *l.touch("a") = 1;
        *l.touch("b") = 2;
        l.touch("a");
        *l.touch("c") = 3;
        assert_eq!(l.len(), 2);
        assert_eq!(*l.touch("a"), 1, "a was used more recently than b");
        assert_eq!(*l.touch("b"), 0, "b was evicted and starts afresh");
    }
}
