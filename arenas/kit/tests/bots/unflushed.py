# An outside bot in Python as the contest platforms run it: no -u, no PYTHONUNBUFFERED, print()
# without flush. Its stdout must be line-buffered (a terminal) for each answer to leave.
while True:
    try:
        line = input()
    except EOFError:
        break
    word, n = line.split()
    print("pong", n)
