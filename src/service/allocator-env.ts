/**
 * The C allocator's setting the service runs with (`npm start` sets it, and so do the
 * benches that start the service): every block of 128 kB or more is mapped on its own
 * and given back to the system once freed. By default glibc raises that threshold as
 * large blocks are freed (up to 32 MB); the audit worker's typed arrays then come from
 * its thread's arena, which keeps their memory once they are freed, and the next
 * scan's worker added more: at 1,000,000 fields the process grew by about 300 MB with
 * each incremental scan (1,572 then 1,858 MB), and holds 1,384 then 1,398 MB with this
 * (bench/results/audit-memory.md). Read by glibc when the process starts, so it is set
 * in the environment, not from here.
 */
export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;
