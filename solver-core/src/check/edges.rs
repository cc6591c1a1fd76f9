//! The acyclicity part of the model check: the edges of `#edge` statements whose conditions
//! hold in the model must form an acyclic graph (clasp's semantics of aspif statement 8).
//!
//! # Algorithm
//! Node numbers are mapped to dense indices; an iterative depth-first search colours nodes
//! white (unvisited), grey (on the current path) and black (done). An edge into a grey node
//! closes a cycle, which is read off the path stack. Linear in the present edges.

use std::collections::BTreeMap;

use super::{CheckError, Interpretation};
use crate::program::GroundProgram;

/// Fails with [`CheckError::Cycle`] if the present edges have a cycle.
pub(super) fn check_acyclic(
    program: &GroundProgram,
    model: &Interpretation,
) -> Result<(), CheckError> {
    let mut index: BTreeMap<u32, usize> = BTreeMap::new();
    let mut nodes: Vec<u32> = Vec::new();
    let mut successors: Vec<Vec<usize>> = Vec::new();
    let mut dense = |node: u32, nodes: &mut Vec<u32>, successors: &mut Vec<Vec<usize>>| {
        *index.entry(node).or_insert_with(|| {
            nodes.push(node);
            successors.push(Vec::new());
            nodes.len() - 1
        })
    };
    for edge in &program.edges {
        if edge.condition.iter().all(|l| model.holds(*l)) {
            let from = dense(edge.from, &mut nodes, &mut successors);
            let to = dense(edge.to, &mut nodes, &mut successors);
            successors[from].push(to);
        }
    }
    match find_cycle(&successors) {
        Some(cycle) => Err(CheckError::Cycle(cycle.iter().map(|&i| nodes[i]).collect())),
        None => Ok(()),
    }
}

/// The nodes of some cycle in order, or `None` for an acyclic graph.
fn find_cycle(successors: &[Vec<usize>]) -> Option<Vec<usize>> {
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let mut colour = vec![WHITE; successors.len()];
    for root in 0..successors.len() {
        if colour[root] != WHITE {
            continue;
        }
        // (node, index of the next successor to visit)
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        colour[root] = GREY;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            match successors[node].get(*next) {
                Some(&succ) => {
                    *next += 1;
                    match colour[succ] {
                        WHITE => {
                            colour[succ] = GREY;
                            stack.push((succ, 0));
                        }
                        GREY => {
                            let start = stack.iter().position(|&(n, _)| n == succ)?;
                            return Some(stack[start..].iter().map(|&(n, _)| n).collect());
                        }
                        _ => {}
                    }
                }
                None => {
                    colour[node] = BLACK;
                    stack.pop();
                }
            }
        }
    }
    None
}
