import sys

from random_agent.program import Agent as Random


class Agent(Random):
    def action(self, **referee):
        if len(self.moves) >= 4:
            raise RuntimeError("boom at move %d" % (len(self.moves) + 1))
        return super().action(**referee)


class Illegal(Random):
    def action(self, **referee):
        if len(self.moves) >= 2:
            return self.first
        self.first = super().action(**referee)
        return self.first


class Wrong(Random):
    def action(self, **referee):
        return "PLACE(0-0, 0-1, 0-2, 0-3)"


class Printer(Agent):
    def action(self, **referee):
        print("bestmove 0-0,0-1,0-2,0-3")
        sys.stdout.flush()
        return super().action(**referee)
