"""dmap.arenas — the arenas' engines as drop-in engines for the original games' Python
interfaces: dmap.arenas.pommerman plays the Pommerman playground's environment (make, reset,
step, act, observations) with Python agents and the arena's C bots in the seats;
dmap.arenas.bomber plays CoderOne's bomber game behind its agent interface; dmap.arenas.pursuit
plays the pursuit game with Python functions as predator or prey; dmap.arenas.kutulu seats
Python objects that play Code of Kutulu as CodinGame programs do.

The engines live in the extension dmap._arenas, built beside dmap._dmap when the repository's
arenas are there; `import dmap` never needs it."""
