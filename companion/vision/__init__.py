"""The camera's eyes: finding the Zener cards in a frame of the table and naming them against
the group's taught deck (docs/camera.md).  NumPy and OpenCV only — no screen, no game rules;
the games ask it what is on the table and decide what that means."""
