import sys
import time

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


class Slow(Random):
    """Burns a second and a half of CPU in its second action."""
    def action(self, **referee):
        if len(self.moves) >= 2:
            end = time.process_time() + 1.5
            while time.process_time() < end:
                pass
        return super().action(**referee)


class Sleeper(Random):
    """Sleeps a minute in its second action (no CPU): the match's wall
    clock ends it first."""
    def action(self, **referee):
        if len(self.moves) >= 2:
            time.sleep(60)
        return super().action(**referee)


class Stateful(Random):
    """Keeps the game's moves in a class attribute, as some students' agents
    keep their board: right only when each game has a fresh process."""
    history = []

    def __init__(self, color, **referee):
        super().__init__(color, **referee)
        self.moves = Stateful.history
