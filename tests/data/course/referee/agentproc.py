"""One agent in its own process: pickled (method, args) calls on stdin,
pickled ("ok", value) or ("error", text) answers on stdout, with
time_remaining from this process's CPU against the limit in argv[2]
(0: none).  The agent's prints go to stderr."""

import importlib
import os
import pickle
import sys
import time


def main():
    channel_in = os.fdopen(os.dup(0), "rb")
    channel_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    package, _, class_name = sys.argv[1].partition(":")
    limit = float(sys.argv[2])
    agent = None
    while True:
        try:
            method, args = pickle.load(channel_in)
        except EOFError:
            return
        remaining = limit - time.process_time() if limit > 0 else None
        kwargs = {"time_remaining": remaining, "space_remaining": None,
                  "space_limit": None}
        try:
            if method == "__init__":
                cls = getattr(importlib.import_module(package),
                              class_name or "Agent")
                agent = cls(*args, **kwargs)
                value = None
            else:
                value = getattr(agent, method)(*args, **kwargs)
            answer = ("ok", value)
        except Exception as e:
            answer = ("error", "%s: %s" % (type(e).__name__, e))
        if limit > 0 and time.process_time() > limit:
            answer = ("error", "time limit exceeded")
        pickle.dump(answer, channel_out)
        channel_out.flush()


if __name__ == "__main__":
    main()
