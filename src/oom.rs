//! Out of memory ends the run as in clingo: `*** ERROR: (mini-clingo): std::bad_alloc` on
//! stderr and exit code 33.
//!
//! Rust aborts the process (SIGABRT, exit 134) when an allocation fails, and the stable
//! standard library has no hook to change that. [`ExitOnOutOfMemory`] is the global allocator
//! of the binary: it forwards every call to [`std::alloc::System`] unchanged and, when the
//! system allocator returns null, writes the fixed message to stderr and exits with
//! [`EXIT_MEMORY`]. Writing the message allocates nothing (a static byte string to the
//! unbuffered stderr). [`std::process::exit`] flushes what stdout still buffers (the CLI
//! flushes after every model, so the models found so far are out already) without
//! allocating. Unlike clingo, no `UNKNOWN` line and summary follow: formatting them needs the
//! heap.
//!
//! # Why `unsafe`
//! Implementing [`GlobalAlloc`] is `unsafe` by definition. This module and `release` (one C
//! call) are the only places of the workspace that allow `unsafe_code` (the binary crate
//! denies it everywhere else, the library crates forbid it); each block only forwards the caller's
//! arguments to `System`, under the same contract the caller promised us.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;

/// clingo's exit code when memory runs out.
pub const EXIT_MEMORY: i32 = 33;

/// What clingo prints (with its program name) when memory runs out.
const MESSAGE: &[u8] = b"*** ERROR: (mini-clingo): std::bad_alloc\n";

/// The system allocator, ending the process like clingo when an allocation fails.
pub struct ExitOnOutOfMemory;

/// Reports the failure and exits; allocates nothing.
fn out_of_memory() -> ! {
    let _ = std::io::stderr().write_all(MESSAGE);
    std::process::exit(EXIT_MEMORY)
}

/// Returns `pointer`, or ends the process when it is null (the allocation failed).
fn checked(pointer: *mut u8) -> *mut u8 {
    if pointer.is_null() {
        out_of_memory();
    }
    pointer
}

// SAFETY: every method forwards to `System`, which upholds the `GlobalAlloc` contract; the
// only change is that a null result (failure) never reaches the caller.
unsafe impl GlobalAlloc for ExitOnOutOfMemory {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's `layout` (non-zero size) is passed on unchanged.
        checked(unsafe { System.alloc(layout) })
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        checked(unsafe { System.alloc_zeroed(layout) })
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from `System` (through this allocator) with this `layout`.
        unsafe { System.dealloc(pointer, layout) }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `pointer`/`layout` came from `System` through this allocator and the caller
        // guarantees `new_size` is valid for `layout`'s alignment.
        checked(unsafe { System.realloc(pointer, layout, new_size) })
    }
}
