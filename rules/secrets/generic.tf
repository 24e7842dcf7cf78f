# Fake values generated for this test; none of them is a real credential.
resource "kubernetes_deployment" "api" {
  spec {
    template {
      spec {
        container {
          name  = "api"
          image = "registry.example.com/api:2.1.0"
          env {
            name  = "DB_PASSWORD"
            # ruleid: HARDCODED_SECRET
            value = "jjAluVBq20wN8eXUXx3Ps0z5"
          }
          env {
            name  = "API_TOKEN"
            # ok: HARDCODED_SECRET
            value = var.api_token
          }
        }
      }
    }
  }
}

resource "aws_ecs_task_definition" "worker" {
  family = "worker"
  container_definitions = jsonencode([{
    name = "worker"
    environment = [
      # ruleid: HARDCODED_SECRET
      { name = "QUEUE_TOKEN", value = "0Xa0sau6gbMhbcFSVsq4F6QV" },
      # ok: HARDCODED_SECRET
      { name = "QUEUE_PASSWORD", value = data.aws_ssm_parameter.queue.value },
      # ok: HARDCODED_SECRET
      { name = "QUEUE_TOKEN_TTL", value = "3600" },
    ]
  }])
}
