"""The answering core: a question read once (question.py) → search → scope → selection → the page →
the example, and the records every front end shows (records.py). No front-end code lives here: the
command line (app/cli), the Streamlit page (app/ui) and the HTTP API (app/api) are thin layers over it."""
