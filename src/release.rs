//! Gives the memory freed since grounding back to the system before the search.
//!
//! The run's allocations come from glibc's malloc (through [`crate::oom`]). Freed chunks
//! stay mapped unless they border the top of their heap: the grounder's small allocations
//! freed before the search (its rules, symbols and tables, between small chunks that
//! survive) keep their pages, about 300 MB on the million-atom positive loop, which the
//! exit after an interrupt then has to unmap. `malloc_trim(0)` returns every free page of
//! every arena (`madvise(MADV_DONTNEED)`), once, when the solver's structures are built.
//! Other C libraries have no such call: there it does nothing.
//!
//! # Why `unsafe`
//! A call to a C function is `unsafe`. `malloc_trim` takes a byte count and only reads the
//! allocator's own state under its locks; it is safe to call at any time from any thread.
#![allow(unsafe_code)]

/// Returns the allocator's free pages to the system (glibc); a no-op elsewhere.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` has no preconditions (see the module doc).
    unsafe {
        libc::malloc_trim(0);
    }
}
