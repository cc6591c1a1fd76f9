//! The predicate dependency graph and its strongly connected components.
//!
//! Nodes are predicates; a rule makes each of its head predicates depend on every predicate in
//! its body (conditions and aggregate elements included) and on its head-element conditions,
//! and its head predicates on each other (so a disjunction's predicates are grounded together).
//! Tarjan's algorithm, run with an explicit stack (no recursion on graph depth), yields the
//! components with every component after the components it depends on.
//!
//! # Invariants
//! - `components` lists every node exactly once, dependencies first.

/// A dependency graph over nodes `0..n`, its edges recorded as pairs (no vector per node) and
/// laid out per node, in the order recorded, when the components are asked for.
pub(crate) struct Graph {
    /// `(a, b)`: node `a` depends on node `b`, in the order recorded.
    pairs: Vec<(u32, u32)>,
    /// Per node: whether it depends on itself directly.
    looped: Vec<bool>,
}

impl Graph {
    /// A graph with `n` nodes and no edges.
    pub fn new(n: usize) -> Graph {
        Graph {
            pairs: Vec::new(),
            looped: vec![false; n],
        }
    }

    /// Records that `from` depends on `to`.
    pub fn depend(&mut self, from: u32, to: u32) {
        if (from as usize) < self.looped.len() {
            self.pairs.push((from, to));
            if from == to {
                self.looped[from as usize] = true;
            }
        }
    }

    /// The edges per node: node `a`'s are `targets[starts[a]..starts[a + 1]]`, in the order
    /// recorded (a stable counting sort of the pairs).
    fn adjacency(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.looped.len();
        let mut starts = vec![0u32; n + 1];
        for &(from, _) in &self.pairs {
            starts[from as usize + 1] += 1;
        }
        for i in 1..=n {
            starts[i] += starts[i - 1];
        }
        let mut fill = starts.clone();
        let mut targets = vec![0u32; self.pairs.len()];
        for &(from, to) in &self.pairs {
            targets[fill[from as usize] as usize] = to;
            fill[from as usize] += 1;
        }
        (starts, targets)
    }

    /// Strongly connected components, dependencies first.
    pub fn components(&self) -> Vec<Vec<u32>> {
        let n = self.looped.len();
        let (starts, targets) = self.adjacency();
        const NONE: u32 = u32::MAX;
        let mut index = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<u32> = Vec::new();
        let mut out = Vec::new();
        let mut counter = 0u32;
        for root in 0..n as u32 {
            if index[root as usize] != NONE {
                continue;
            }
            // (node, next edge position)
            let mut calls: Vec<(u32, usize)> = vec![(root, 0)];
            index[root as usize] = counter;
            low[root as usize] = counter;
            counter += 1;
            stack.push(root);
            on_stack[root as usize] = true;
            while let Some(&mut (v, ref mut pos)) = calls.last_mut() {
                let edges = &targets[starts[v as usize] as usize..starts[v as usize + 1] as usize];
                if let Some(&w) = edges.get(*pos) {
                    *pos += 1;
                    if index[w as usize] == NONE {
                        index[w as usize] = counter;
                        low[w as usize] = counter;
                        counter += 1;
                        stack.push(w);
                        on_stack[w as usize] = true;
                        calls.push((w, 0));
                    } else if on_stack[w as usize] {
                        low[v as usize] = low[v as usize].min(index[w as usize]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    out.push(comp);
                }
            }
        }
        out
    }

    /// Reachability queries over this graph (see [`Reach`]).
    pub fn reach(&self) -> Reach {
        let (starts, targets) = self.adjacency();
        Reach {
            starts,
            targets,
            seen: vec![false; self.looped.len()],
            reached: Vec::new(),
        }
    }

    /// Whether `node` depends on itself directly.
    pub fn has_self_loop(&self, node: u32) -> bool {
        self.looped.get(node as usize).copied().unwrap_or(false)
    }
}

/// Repeated reachability queries over one [`Graph`]: its adjacency is built once, and a
/// query costs only the nodes it reaches (the marks of the previous query are cleared
/// through its list of reached nodes).
pub(crate) struct Reach {
    starts: Vec<u32>,
    targets: Vec<u32>,
    /// Whether each node was reached by the last [`Reach::walk`].
    seen: Vec<bool>,
    /// The nodes the last walk reached.
    reached: Vec<u32>,
}

impl Reach {
    /// Marks the nodes `from` depends on directly or through other nodes, `from` itself
    /// included (a depth-first walk with an explicit stack).
    pub fn walk(&mut self, from: u32) {
        for &v in &self.reached {
            self.seen[v as usize] = false;
        }
        self.reached.clear();
        let mut stack = vec![from];
        while let Some(v) = stack.pop() {
            match self.seen.get_mut(v as usize) {
                Some(s) if !*s => *s = true,
                _ => continue,
            }
            self.reached.push(v);
            let (start, end) = (self.starts[v as usize], self.starts[v as usize + 1]);
            let edges = &self.targets[start as usize..end as usize];
            stack.extend(edges.iter().filter(|&&w| !self.seen[w as usize]));
        }
    }

    /// Whether the last [`Reach::walk`] reached `node`.
    pub fn reached(&self, node: u32) -> bool {
        self.seen.get(node as usize).copied().unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_come_dependencies_first() {
        // 0 depends on 1, 1 on 2, 2 on 1 (a cycle), 3 on 0.
        let mut g = Graph::new(4);
        g.depend(0, 1);
        g.depend(1, 2);
        g.depend(2, 1);
        g.depend(3, 0);
        let comps = g.components();
        let pos = |n: u32| comps.iter().position(|c| c.contains(&n)).unwrap();
        assert_eq!(comps.len(), 3);
        assert_eq!(pos(1), pos(2));
        assert!(pos(1) < pos(0));
        assert!(pos(0) < pos(3));
    }

    #[test]
    fn reachable_follows_dependencies_only() {
        // 0 depends on 1, 1 on 2, 3 on 0.
        let mut g = Graph::new(4);
        g.depend(0, 1);
        g.depend(1, 2);
        g.depend(3, 0);
        let mut reach = g.reach();
        let reached = |r: &Reach| (0..4).map(|v| r.reached(v)).collect::<Vec<_>>();
        reach.walk(0);
        assert_eq!(reached(&reach), vec![true, true, true, false]);
        reach.walk(2);
        assert_eq!(reached(&reach), vec![false, false, true, false]);
    }

    #[test]
    fn deep_chains_do_not_recurse() {
        let n = 200_000;
        let mut g = Graph::new(n);
        for i in 1..n as u32 {
            g.depend(i, i - 1);
        }
        let comps = g.components();
        assert_eq!(comps.len(), n);
        assert_eq!(comps[0], vec![0]);
    }
}
