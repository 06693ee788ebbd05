// Benchmark executable 'bench-ib': measured from scripts/bench; see Benchmarks/README.md.
print("bench-ib: not written yet")
