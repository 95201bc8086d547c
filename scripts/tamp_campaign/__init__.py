"""The campaign driver (scripts/campaign.py, or `python3 -m tamp_campaign` from scripts/): schedules the runs of
a campaign, records them and reports; every question about placements, machines and process grids is asked of
tamp-map (docs/measuring-gains.md)."""
