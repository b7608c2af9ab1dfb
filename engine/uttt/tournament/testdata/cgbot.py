#!/usr/bin/env python3
"""A small CodinGame-protocol ultimate tic-tac-toe bot for the judge's tests.

Usage: cgbot.py MODE [TURN]. Every turn it reads "opponentRow opponentCol",
validActionCount and the actions, and answers one of the actions with a message.
MODE: first (the first action), random (a random action, seeded by the turn),
garbage (prints "hello" at turn TURN), hang (sleeps at turn TURN), crash (exits 3
at turn TURN), slowstart (takes 2.5 s at its first turn only), illegal (answers
a taken cell at turn TURN), write (tries to write /etc/boardlab-cg-test at turn
TURN, reporting the failure on stderr), flood (prints a 5000-byte line at turn
TURN), chatty (prints 100 extra lines after its answer at turn TURN).
"""
import random
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "first"
at = int(sys.argv[2]) if len(sys.argv) > 2 else 1
turn = 0
taken = []
while True:
    line = sys.stdin.readline()
    if not line:
        break
    opp = line.split()
    if opp != ["-1", "-1"]:
        taken.append((int(opp[0]), int(opp[1])))
    n = int(sys.stdin.readline())
    actions = [tuple(map(int, sys.stdin.readline().split())) for _ in range(n)]
    turn += 1
    move = actions[0]
    if mode == "random":
        move = random.Random(turn * 7919 + len(actions)).choice(actions)
    if turn == at:
        if mode == "garbage":
            print("hello", flush=True)
            continue
        if mode == "hang":
            time.sleep(30)
        if mode == "crash":
            sys.exit(3)
        if mode == "flood":
            print("4" * 5000, flush=True)
            continue
        if mode == "chatty":
            for _ in range(100):
                print("0 0 extra line", flush=True)
        if mode == "write":
            try:
                with open("/etc/boardlab-cg-test", "w") as f:
                    f.write("x")
            except OSError as e:
                print(e, file=sys.stderr, flush=True)
            time.sleep(0.2)
        if mode == "illegal" and taken:
            move = taken[0]
    if mode == "slowstart" and turn == 1:
        time.sleep(2.5)
    taken.append(move)
    print(f"{move[0]} {move[1]} {mode} turn {turn}", flush=True)
