// Benchmark executable 'bench-archive': measured from scripts/bench; see Benchmarks/README.md.
print("bench-archive: not written yet")
