class Note < ApplicationRecord
  belongs_to :user
end
