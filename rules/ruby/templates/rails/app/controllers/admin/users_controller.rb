module Admin
  class UsersController < ApplicationController
    layout "admin"

    def edit
      @name = params[:name]
    end
  end
end
