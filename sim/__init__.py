"""The box's hardware without hardware: mock pins, a fake ADS1115, a synthetic
piezo, a pixel buffer drawn by pygame and the buzzer through pygame.mixer."""
