// Benchmark executable 'bench-source': measured from scripts/bench; see Benchmarks/README.md.
print("bench-source: not written yet")
