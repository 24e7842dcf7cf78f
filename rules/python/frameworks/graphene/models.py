from flask_sqlalchemy import SQLAlchemy

db = SQLAlchemy()


class Paste(db.Model):
    __tablename__ = "pastes"
    id = db.Column(db.Integer, primary_key=True)
    title = db.Column(db.String)
    content = db.Column(db.String)
