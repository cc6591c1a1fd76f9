import sys
from clingo.application import clingo_main
from clingo.__main__ import PyClingoApplication
sys.exit(clingo_main(PyClingoApplication(), sys.argv[1:]))
