#!/usr/bin/env python3
"""Runs a command (output discarded) and prints "USER SYSTEM WALL MAXRSS_KB" of it and its
children, from wait4's rusage: microsecond CPU times, where /usr/bin/time rounds to 10 ms
(too coarse for the small projects of Benchmarks/real.sh). Exits with the command's status;
its standard error is passed through.

    Benchmarks/cpu_time.py COMMAND [ARGUMENTS...]
"""
import os
import subprocess
import sys
import time

started = time.monotonic()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
wall = time.monotonic() - started
print(f"{usage.ru_utime:.4f} {usage.ru_stime:.4f} {wall:.4f} {usage.ru_maxrss}")
sys.exit(os.waitstatus_to_exitcode(status))
